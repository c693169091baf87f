import { object, string } from 'yup';
import { groupsStrings } from './groups-strings';

/** Limits shared with database.rules.json (Mygroup/$groupId). */
export const GROUP_NAME = { min: 2, max: 30 };
export const GROUP_TAG = { min: 2, max: 60 };

export const groupSchema = object({
  groupName: string()
    .trim()
    .required(groupsStrings.home.validation.groupNameRequired)
    .min(GROUP_NAME.min, groupsStrings.home.validation.groupNameLength)
    .max(GROUP_NAME.max, groupsStrings.home.validation.groupNameLength),
  groupTag: string()
    .trim()
    .required(groupsStrings.home.validation.groupTagRequired)
    .min(GROUP_TAG.min, groupsStrings.home.validation.groupTagLength)
    .max(GROUP_TAG.max, groupsStrings.home.validation.groupTagLength),
});

export type GroupFields = { groupName: string; groupTag: string };
