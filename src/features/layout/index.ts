/** What the routes and tests may use from the layout feature. */
export { PagesLayout } from './PagesLayout';
