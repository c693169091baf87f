/** What the routes may use from the home feature (the User List and its search). */
export { UserListPanel } from './UserListPanel';
