import { Navigate, useLocation } from 'react-router';
import { rememberedLocale } from './locale-cookie';

/** `/` goes to the remembered locale or de, keeping the query (a `token` must survive). */
export function RootRedirect() {
  const { search, hash } = useLocation();
  return <Navigate replace to={`/${rememberedLocale(document.cookie)}${search}${hash}`} />;
}
