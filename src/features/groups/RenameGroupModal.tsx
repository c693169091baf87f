import { useFormik } from 'formik';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import type { Group } from '../../lib/firebase/records';
import { fieldProps } from '../../lib/form-field';
import { strings } from '../../strings';
import { renameGroup } from './group-thunks';
import { groupSchema, GROUP_NAME, GROUP_TAG, type GroupFields } from './group-schema';

/** The admin's rename form, with the creation form's name and tag rules. */
export function RenameGroupModal({ group, onClose }: { group: Group; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const form = useFormik<GroupFields>({
    initialValues: { groupName: group.groupName, groupTag: group.groupTag },
    validationSchema: groupSchema,
    onSubmit: async (values) => {
      const fields = groupSchema.cast(values);
      const result = await dispatch(renameGroup({ groupId: group.id, fields }));
      if (renameGroup.fulfilled.match(result)) onClose();
    },
  });
  return (
    <Modal title={strings.groupChat.renameTitle(group.groupName)} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
        <TextField
          label={strings.home.groupName}
          maxLength={GROUP_NAME.max + 10}
          {...fieldProps(form, 'groupName')}
        />
        <TextField
          label={strings.home.groupTag}
          maxLength={GROUP_TAG.max + 10}
          {...fieldProps(form, 'groupTag')}
        />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {strings.home.cancel}
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            {strings.groupChat.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
