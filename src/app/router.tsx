import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { SignInScreen } from '../features/auth/SignInScreen';
import { SignUpScreen } from '../features/auth/SignUpScreen';
import { PlaceholderScreen } from '../features/placeholder/PlaceholderScreen';
import { NotFoundScreen } from '../features/shell/NotFoundScreen';
import { Layout } from './Layout';
import { ROUTES } from './route-table';

/** Screens that exist; every other route of the table shows its placeholder. */
const SCREENS: Record<string, RouteObject['element']> = {
  '/': <SignInScreen />,
  '/login': <SignInScreen />,
  '/signup': <SignUpScreen />,
};

export function createAppRouter() {
  const children: RouteObject[] = ROUTES.map(({ path, title }) => ({
    path,
    element: SCREENS[path] ?? <PlaceholderScreen title={title} />,
  }));
  children.push({ path: '*', element: <NotFoundScreen /> });
  return createBrowserRouter([{ element: <Layout />, children }]);
}
