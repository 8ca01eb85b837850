import { createContext, useContext, useEffect } from 'react';

/** The shop's one name (its channel's), which every page's title ends with; the app shell provides it. */
export const ShopNameContext = createContext('Alpenpass');

/** The browser tab says "<page> · <shop>" while the page shows. */
export function useDocumentTitle(title: string | undefined) {
  const shop = useContext(ShopNameContext);
  useEffect(() => {
    if (title) document.title = `${title} · ${shop}`;
  }, [title, shop]);
}
