import type { StaffMember } from './staff';

// What happened to an order after it was placed, told once and written twice: as comments on
// the order and as orders-log change events (spec 2 §3 Comment, Order change log event).

export interface StoryComment {
  at: Date;
  author: StaffMember | null;
  description: string;
  status: string | null;
}

export interface StoryEvent {
  at: Date;
  author: StaffMember | null;
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export class OrderStory {
  readonly comments: StoryComment[] = [];
  readonly events: StoryEvent[] = [];

  comment(at: Date, author: StaffMember | null, description: string, status: string | null = null): void {
    this.comments.push({ at, author, description, status });
  }

  event(
    at: Date,
    author: StaffMember | null,
    action: string,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ): void {
    this.events.push({ at, author, action, before, after });
  }
}
