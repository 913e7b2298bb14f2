import { PAGE_ANSWERS_ID } from '@domain/platform/call-keys';
import { keepEarlyAnswer } from '@web/lib/api-client';

/**
 * Takes the answers the server sent with the app's page (ADR 051): its first calls' answers, in a
 * data block (`<script type="application/json" id="first-answers">`), each kept for the call it
 * answers. The block is read once and taken off the page. Runs before the router is created, so
 * that the routes' loaders and the screens find the answers there.
 */
export function takePageAnswers(doc: Document = document) {
  const block = doc.getElementById(PAGE_ANSWERS_ID);
  if (!block) return;
  block.remove();
  let answers: unknown;
  try {
    answers = JSON.parse(block.textContent ?? '');
  } catch {
    return;
  }
  if (typeof answers !== 'object' || answers === null) return;
  for (const [key, value] of Object.entries(answers)) {
    const answer = value as { status?: unknown; body?: unknown } | null;
    if (typeof answer?.status === 'number' && answer.status >= 200 && answer.status < 300)
      keepEarlyAnswer(key, answer.status, answer.body);
  }
}
