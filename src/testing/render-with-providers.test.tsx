import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { expect, it } from 'vitest';
import { useGateways } from '../store/hooks';
import { createFakeGateways } from './fake-gateways';
import { renderWithProviders } from './render-with-providers';
import { signedIn } from './session-fixtures';

it('renders at the route, with the real store over the gateways it was given', () => {
  const fakes = createFakeGateways();
  function Probe() {
    const { pathname } = useLocation();
    const gateways = useGateways();
    return <p>{`${pathname} ${gateways === fakes ? 'given gateways' : 'other gateways'}`}</p>;
  }
  const { store } = renderWithProviders(<Probe />, {
    gateways: fakes,
    route: '/pages/home',
    preloadedState: signedIn(),
  });
  expect(screen.getByText('/pages/home given gateways')).toBeInTheDocument();
  expect(store.getState().session.status).toBe('signedIn');
  expect(store.gateways).toBe(fakes);
});
