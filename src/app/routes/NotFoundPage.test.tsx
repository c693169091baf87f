import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, it } from 'vitest';
import { NotFoundPage } from './NotFoundPage';

it('says the page does not exist and links back to the start', () => {
  const router = createMemoryRouter([{ path: '*', element: <NotFoundPage /> }], {
    initialEntries: ['/nowhere'],
  });
  render(<RouterProvider router={router} />);
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
});
