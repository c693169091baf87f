import type { FormikProps } from 'formik';

type FieldSource<V> = Pick<FormikProps<V>, 'getFieldProps' | 'touched' | 'errors'>;

/**
 * A Formik text field's input props plus its error, shown once the field was touched: spread
 * onto a TextField or PasswordField.
 */
export function fieldProps<V>(form: FieldSource<V>, name: keyof V & string) {
  return {
    ...form.getFieldProps<string>(name),
    error: form.touched[name] ? (form.errors[name] as string | undefined) : undefined,
  };
}
