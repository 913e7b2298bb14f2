import { SCREEN_STARTS } from '@domain/platform/screen-starts';
import type { LoaderFunction, RouteObject } from 'react-router';
import { lazyPage, lazyScreen } from '../lazy-page';
import type { RouteHandle } from '../route-handle';

// Promos (spec 3 §2): the area, the list, the tool and editor (one screen), the business form.

const toPromos = { label: 'Promos', to: '/promos' };
const handle = (h: RouteHandle) => h;
const tool = lazyScreen(
  () => import('../../pages/promos/promo-tool-page').then((m) => m.PromoToolPage),
  SCREEN_STARTS.promoTool,
);
// An editor URL with a rule's name opens that rule at once: the rule editor and its rule picker
// (ADR 049) come with the tool's chunk rather than after it (ADR 034). Its JSON shows as plain text
// until the JSON editor (CodeMirror) and the rule's checks are reached for (ADR 050). Without a
// name the URL opens the tool as it is.
const editor: LoaderFunction = (args) => {
  if (args.params.promoName) {
    const unreported = () => {
      // The screen asks for them again itself (and reports a part that cannot load).
    };
    void import('../../pages/promos/promo-tool-page').then((m) => m.preloadOpenedRule(), unreported);
  }
  return tool.loader(args);
};

export const promoRoutes: RouteObject[] = [
  {
    path: 'promos',
    lazy: lazyPage(() => import('../../pages/promos/promos-page').then((m) => m.PromosPage)),
    handle: handle({ title: 'Promos' }),
  },
  { path: 'promos/tool', ...tool, handle: handle({ title: 'Promo tool', parent: toPromos }) },
  {
    path: 'promos/editor',
    ...tool,
    loader: editor,
    handle: handle({ title: 'Promo editor', parent: toPromos }),
  },
  {
    path: 'promos/editor/:promoName',
    ...tool,
    loader: editor,
    handle: handle({
      title: 'Promo editor',
      subject: (p) => `Rule ${p.promoName ?? ''}`,
      parent: { label: 'Promo list', to: '/promos/list' },
    }),
  },
  {
    path: 'promos/history/:promoName',
    lazy: lazyPage(() => import('../../pages/promos/rule-history-page').then((m) => m.RuleHistoryPage)),
    handle: handle({
      title: 'Rule history',
      subject: (p) => `Rule ${p.promoName ?? ''}`,
      parent: { label: 'Promo list', to: '/promos/list' },
    }),
  },
  {
    path: 'promos/list',
    lazy: lazyPage(() => import('../../pages/promos/promo-list-page').then((m) => m.PromoListPage)),
    handle: handle({ title: 'Promo list', parent: toPromos }),
  },
  {
    path: 'promos/create',
    lazy: lazyPage(() => import('../../pages/promos/create-promo-page').then((m) => m.CreatePromoPage)),
    handle: handle({ title: 'Create promo', parent: toPromos }),
  },
];
