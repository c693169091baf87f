import { useFormik } from 'formik';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { fieldProps } from '../../lib/form-field';
import { strings } from '../../strings';
import { createGroup } from './group-thunks';
import { groupSchema, GROUP_NAME, GROUP_TAG, type GroupFields } from './group-schema';

/** The form behind My Groups' plus icon. A failed write keeps the form filled for a retry. */
export function CreateGroupModal({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const form = useFormik<GroupFields>({
    initialValues: { groupName: '', groupTag: '' },
    validationSchema: groupSchema,
    onSubmit: async (values) => {
      const fields = groupSchema.cast(values);
      const result = await dispatch(createGroup(fields));
      if (createGroup.fulfilled.match(result)) onClose();
    },
  });

  return (
    <Modal title={strings.home.createGroupTitle} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
        <TextField
          label={strings.home.groupName}
          placeholder={strings.home.groupNamePlaceholder}
          maxLength={GROUP_NAME.max + 10}
          {...fieldProps(form, 'groupName')}
        />
        <TextField
          label={strings.home.groupTag}
          placeholder={strings.home.groupTagPlaceholder}
          maxLength={GROUP_TAG.max + 10}
          {...fieldProps(form, 'groupTag')}
        />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {strings.home.cancel}
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            {strings.home.createGroupButton}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
