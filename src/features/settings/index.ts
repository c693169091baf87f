/** What other features and the app may use from the settings feature. */
export { selectSettings } from './settings-slice';
export { saveSetting } from './settings-thunks';
