import { object, string } from 'yup';
import { strings } from '../../strings';

const { validation } = strings.home;

/** Limits shared with database.rules.json (Mygroup/$groupId). */
export const GROUP_NAME = { min: 2, max: 30 };
export const GROUP_TAG = { min: 2, max: 60 };

export const groupSchema = object({
  groupName: string()
    .trim()
    .required(validation.groupNameRequired)
    .min(GROUP_NAME.min, validation.groupNameLength)
    .max(GROUP_NAME.max, validation.groupNameLength),
  groupTag: string()
    .trim()
    .required(validation.groupTagRequired)
    .min(GROUP_TAG.min, validation.groupTagLength)
    .max(GROUP_TAG.max, validation.groupTagLength),
});

export type GroupFields = { groupName: string; groupTag: string };
