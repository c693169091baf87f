import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

function app() {
  return (
    <MemoryRouter initialEntries={['/broken']}>
      <Link to="/fine">Elsewhere</Link>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route path="/fine" element={<p>Fine screen</p>} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>
  );
}

// React logs every caught render error; the boundary's output is what is checked.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

it('shows the error screen with its reason instead of a blank page', () => {
  render(app());
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
});

it('clears the error when the user goes to another screen', () => {
  render(app());
  fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(screen.getByText('Fine screen')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
});
