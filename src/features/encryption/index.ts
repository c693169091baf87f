/** What other features and the app may use from the encryption feature. */
export { DeviceList } from './DeviceList';
export { encryptionStrings } from './encryption-strings';
export { selectDraftsKeyState, selectKeysRevision } from './encryption-slice';
export { openAgainOnNewKeys } from './reopen-on-new-keys';
export { EncryptionBanners } from './EncryptionBanners';
export { SecurityCodeNotice } from './SecurityCodeNotice';
export { VerifySecurityCode } from './VerifySecurityCode';
export { VerifyMembers } from './VerifyMembers';
