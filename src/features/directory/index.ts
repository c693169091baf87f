/** What the routes may use from the directory feature (the User List and its search). */
export { UserListPanel } from './UserListPanel';
