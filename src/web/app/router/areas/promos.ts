import type { RouteObject } from 'react-router';
import { upcomingScreen } from './upcoming';

const toPromos = { label: 'Promos', to: '/promos' };

export const promoRoutes: RouteObject[] = [
  upcomingScreen('promos', 'Promos'),
  upcomingScreen('promos/tool', 'Promo tool', { parent: toPromos }),
  upcomingScreen('promos/editor', 'Promo editor', { parent: toPromos }),
  upcomingScreen('promos/editor/:promoName', 'Promo editor', {
    subject: (p) => `Rule ${p.promoName ?? ''}`,
    parent: { label: 'Promo list', to: '/promos/list' },
  }),
  upcomingScreen('promos/list', 'Promo list', { parent: toPromos }),
  upcomingScreen('promos/create', 'Create promo', { parent: toPromos }),
];
