import {
  type DefaultError,
  type UseMutateFunction,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * A mutation that submits one thing at a time: while a call is on its way, `mutate` does nothing.
 * A double click (or Enter, then a click) lands both events before the button shows it is busy,
 * and a second call would go out and take over the first one's callbacks: when the server answers
 * the duplicate with a refusal (an idempotency key still in use, an order already cancelled), that
 * refusal is all the screen says, and the first call's success is lost. For submissions, payments
 * and confirmations, not for adds that may overlap (another product added while the first is on
 * its way). Only `mutate` is guarded: no submission calls `mutateAsync`.
 */
export function useSubmitMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const inFlight = useRef(false);
  // The mutation's own onSettled runs whether or not the screen that asked is still there.
  const mutation = useMutation({
    ...options,
    onSettled: (...args) => {
      inFlight.current = false;
      return options.onSettled?.(...args);
    },
  });
  const { mutate: send } = mutation;
  const mutate = useCallback<UseMutateFunction<TData, TError, TVariables, TContext>>(
    (...args) => {
      if (inFlight.current) return;
      inFlight.current = true;
      send(...args);
    },
    [send],
  );
  return { ...mutation, mutate };
}
