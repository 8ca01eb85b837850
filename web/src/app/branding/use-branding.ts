import { useEffect } from 'react';
import { useGetCurrentClientQuery, type CurrentClient } from '../../features/client/api';
import { brandVariables } from './brand-colours';

/** The shop's client, with its channel's branding applied to the whole page as CSS variables. */
export function useBranding(): CurrentClient | undefined {
  const { data: client } = useGetCurrentClientQuery();
  const branding = client?.branding;
  useEffect(() => {
    const variables = brandVariables(branding);
    const root = document.documentElement;
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(variables)) root.style.removeProperty(name);
    };
  }, [branding]);
  return client;
}
