import { useFormik } from 'formik';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { fieldProps } from '../../lib/form-field';
import { componentsStrings } from '../../components/components-strings';
import { groupsStrings } from './groups-strings';
import { groupSchema, GROUP_NAME, GROUP_TAG, type GroupFields } from './groups-schema';

interface Props {
  title: string;
  submitLabel: string;
  initialValues: GroupFields;
  /** Name and tag fields' placeholders, where the form starts empty. */
  placeholders?: GroupFields;
  /** Writes the cleaned fields; true when done (the dialog closes), false keeps it for a retry. */
  onSave: (fields: GroupFields) => Promise<boolean>;
  onClose: () => void;
}

/** A group's name and tag with the spec's rules: the create and the rename dialogs. */
export function GroupFormModal(props: Props) {
  const { title, submitLabel, initialValues, placeholders, onSave, onClose } = props;
  const form = useFormik<GroupFields>({
    initialValues,
    validationSchema: groupSchema,
    onSubmit: async (values) => {
      if (await onSave(groupSchema.cast(values))) onClose();
    },
  });

  return (
    <Modal title={title} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
        <TextField
          label={groupsStrings.home.groupName}
          placeholder={placeholders?.groupName}
          maxLength={GROUP_NAME.max + 10}
          {...fieldProps(form, 'groupName')}
        />
        <TextField
          label={groupsStrings.home.groupTag}
          placeholder={placeholders?.groupTag}
          maxLength={GROUP_TAG.max + 10}
          {...fieldProps(form, 'groupTag')}
        />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {componentsStrings.home.cancel}
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
