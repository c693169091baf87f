/** What other features and the app may use from the encryption feature (issue 28). */
export { DeviceList } from './DeviceList';
export { encryptionStrings } from './encryption-strings';
export { selectThisDevice } from './encryption-slice';
