import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes/table';

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
