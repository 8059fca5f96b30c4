/**
 * Renders a component of the `components` project inside a router at `path`, with the current location
 * shown in a `location` test id, so that a test sees where a click or a pick took the user.
 */
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { render } from 'vitest-browser-react';

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search + location.hash}</output>;
}

export function renderAtPath(path: string, content: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {content}
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}
