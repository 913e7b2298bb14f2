import type { Action } from '@domain/auth/permissions';
import type { FeatureFlagName } from '@domain/platform/feature-flags';
import type { Params, UIMatch } from 'react-router';

/** What a route says about itself; read by the title, the access guard and the not-yet-available screen. */
export interface RouteHandle {
  title: string;
  /** The page's meta description (spec 3 §2); by default one naming the screen. */
  description?: string;
  /** DESIGN §4 action the role needs; the server enforces it too, the UI explains instead of failing. */
  action?: Action;
  /** Feature flag that must be on (Incentives). */
  flag?: FeatureFlagName;
  /** The record a screen is about, from its URL (e.g. "Customer 1042"). */
  subject?: (params: Params) => string;
  /** Where "back" leads from this screen. */
  parent?: { label: string; to: string | ((params: Params) => string) };
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}

export function handleOf(match: UIMatch): RouteHandle | undefined {
  return isRouteHandle(match.handle) ? match.handle : undefined;
}
