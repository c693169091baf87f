import type { FormikProps } from 'formik';
import { TextField } from '../../components/TextField';
import { fieldProps } from '../../lib/form-field';
import { encryptionStrings } from './encryption-strings';
import type { RecoveryKeyValues } from './recovery-key-check';

/** The recovery key's field of a dialog's form: monospaced, never autofilled or spell-checked. */
export function RecoveryKeyField({ form }: { form: FormikProps<RecoveryKeyValues> }) {
  return (
    <TextField
      label={encryptionStrings.recoveryKeyLabel}
      autoComplete="off"
      spellCheck={false}
      className="font-mono"
      {...fieldProps(form, 'recoveryKey')}
    />
  );
}
