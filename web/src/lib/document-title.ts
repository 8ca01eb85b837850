import { createContext, useContext, useEffect } from 'react';

/** The shop's one name (its channel's), which every page's title ends with; the app shell provides it. */
export const ShopNameContext = createContext('Alpenpass');

/** The shop's name, for texts that name it. */
export const useShopName = () => useContext(ShopNameContext);

/** The browser tab says "<page> · <shop>" while the page shows. */
export function useDocumentTitle(title: string | undefined) {
  const shop = useShopName();
  useEffect(() => {
    if (title) document.title = `${title} · ${shop}`;
  }, [title, shop]);
}
