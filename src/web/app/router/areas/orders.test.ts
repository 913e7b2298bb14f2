import { ORDER_SEARCH_PAGE_SIZE } from '@domain/orders/search';
import { describe, expect, it } from 'vitest';
import { ORDER_SEARCH_FIRST_PAGE } from './orders';

describe('order search route', () => {
  it('asks ahead for the same first page the screen asks for', () => {
    expect(ORDER_SEARCH_FIRST_PAGE).toBe(ORDER_SEARCH_PAGE_SIZE);
  });
});
