import { Navigate, useLocation } from 'react-router';
import { navigatorLanguages, rememberedLocale } from './locale-cookie';

/** `/` goes to the remembered locale, else the browser's language, else de, keeping the query (a `token` must survive). */
export function RootRedirect() {
  const { search, hash } = useLocation();
  return (
    <Navigate replace to={`/${rememberedLocale(document.cookie, navigatorLanguages())}${search}${hash}`} />
  );
}
