import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { handleOf } from '../router/route-handle';

const PRODUCT = 'Customer Service Back Office';

/** The browser tab names the screen, so an agent with many tabs can find the right one. */
export function DocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => handleOf(match)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
  return null;
}
