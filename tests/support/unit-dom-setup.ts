import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { createElement, forwardRef } from 'react';
import { afterEach, vi } from 'vitest';
import type * as ReactVirtuoso from 'react-virtuoso';
import { toast } from '../../src/components/toast';

// jsdom has no layout, so a virtualised list would render no rows: every Virtuoso gets the
// library's documented test context, a viewport tall enough for all rows a test loads.
// jsdom cannot scroll either, so a list waiting to reach its initial scroll position would
// stay hidden: it starts at the top, and scrolling calls are no-ops.
vi.mock('react-virtuoso', async (importOriginal) => {
  const actual = await importOriginal<typeof ReactVirtuoso>();
  const value = { viewportHeight: 100_000, itemHeight: 40 };
  const Virtuoso = forwardRef<unknown, { initialTopMostItemIndex?: unknown }>(
    function MockSizedVirtuoso({ initialTopMostItemIndex: _ignored, ...props }, ref) {
      return createElement(
        actual.VirtuosoMockContext.Provider,
        { value },
        createElement(actual.Virtuoso, { ...props, ref } as never),
      );
    },
  );
  return { ...actual, Virtuoso };
});
Element.prototype.scrollBy = function scrollBy() {};
Element.prototype.scrollTo = function scrollTo() {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Toasts still waiting for a place would show in the next test's container.
  toast.dismiss();
});

// The app loads react-toastify with the first toast; loaded here once, that load is as quick as
// the browser's cached one instead of a module transform inside a test's findBy timeout.
await import('../../src/components/ToastsLoaded');
