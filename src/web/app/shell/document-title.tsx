import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { handleOf } from '../router/route-handle';

const PRODUCT = 'Customer Service Back Office';

/** The page's description: the route's own, else one naming the screen. */
export const pageDescription = (title: string | undefined, description?: string) =>
  description ??
  (title
    ? `${title}: a screen of the ${PRODUCT}, for staff looking after customers, orders and promotions.`
    : `The ${PRODUCT}, for staff looking after customers, orders and promotions.`);

function metaDescription(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * The resolved page sets the page title and description (spec 3 §2 Page rendering): the browser
 * tab names the screen, so an agent with many tabs can find the right one.
 */
export function DocumentTitle() {
  const matches = useMatches();
  const handles = matches.map((match) => handleOf(match)).filter((h) => h !== undefined);
  const deepest = handles.at(-1);
  const title = deepest?.title;
  const description = pageDescription(title, deepest?.description);
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
    metaDescription().content = description;
  }, [title, description]);
  return null;
}
