import type { TooltipProps } from '@mui/material/Tooltip';
import {
  type ComponentType,
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useRef,
  useState,
} from 'react';

let loaded: ComponentType<TooltipProps> | null = null;
let loading: Promise<ComponentType<TooltipProps>> | null = null;
const loadTooltip = () => {
  loading ??= import('@mui/material/Tooltip').then((m) => {
    loaded = m.default;
    return loaded;
  });
  return loading;
};

/** What can hold the focus: the child itself, or the control inside it (a switch's input). */
const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/** Calls `then` once the press under way ends, however it ends. */
function afterRelease(doc: Document, then: () => void) {
  const done = () => {
    doc.removeEventListener('pointerup', done);
    doc.removeEventListener('pointercancel', done);
    then();
  };
  doc.addEventListener('pointerup', done);
  doc.addEventListener('pointercancel', done);
}

/** Sets a ref of either kind. */
function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

interface ChildProps {
  'aria-label'?: string;
  title?: string;
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * MUI's Tooltip, fetched when its child is first pointed at or focused: with its Popper and
 * popper.js it was 9.5 kB on every screen for the top bar's icons and the copy buttons (ADR 047).
 *
 * Until then the child is named or described as the Tooltip would (a text `title` becomes its
 * `aria-label`, or with `describeChild` its `title`). Once the Tooltip's code is there it takes the
 * child over, which puts the child on the page again: not while a press on it is under way (the
 * press ends as the click it was), and with the focus given back if it was on the child or in it. A mouse
 * still over the child, or a keyboard's focus, opens the tip then; a touch does not (MUI's opens on
 * a long press). From then on it is MUI's Tooltip.
 */
export function Tip({ title, describeChild, children, ...rest }: TooltipProps) {
  const [Tooltip, setTooltip] = useState(() => loaded);
  const [open, setOpen] = useState(false);
  const hover = useRef(false);
  const pressed = useRef(false);
  const element = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);
  const child = children as ReactElement<ChildProps>;

  if (Tooltip) {
    const keepFocus = (node: HTMLElement | null) => {
      setRef(child.props.ref, node);
      if (node && refocus.current) {
        refocus.current = false;
        (node.matches(FOCUSABLE) ? node : node.querySelector<HTMLElement>(FOCUSABLE))?.focus({
          preventScroll: true,
        });
      }
    };
    return (
      <Tooltip
        {...rest}
        title={title}
        describeChild={describeChild}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
      >
        {cloneElement(child, { ref: keepFocus })}
      </Tooltip>
    );
  }

  /** Hands the child to the Tooltip once its code is there and no press is under way. */
  const takeOver = () =>
    void loadTooltip().then((component) => {
      const swap = () => {
        const node = element.current;
        const focused = node?.ownerDocument.activeElement;
        refocus.current = !!node && !!focused && node.contains(focused);
        if (hover.current || (refocus.current && focused?.matches(':focus-visible'))) setOpen(true);
        setTooltip(() => component);
      };
      if (!pressed.current || !element.current) return swap();
      // After the click the press makes, which a new element under the pointer would not get.
      afterRelease(element.current.ownerDocument, () => setTimeout(swap, 0));
    });

  const text = typeof title === 'string' ? title : undefined;
  return cloneElement(child, {
    ...(describeChild
      ? { title: child.props.title ?? text }
      : { 'aria-label': child.props['aria-label'] ?? text }),
    ref: (node: HTMLElement | null) => {
      element.current = node;
      setRef(child.props.ref, node);
    },
    onPointerEnter: (event) => {
      child.props.onPointerEnter?.(event);
      hover.current = event.pointerType === 'mouse';
      takeOver();
    },
    onPointerLeave: (event) => {
      child.props.onPointerLeave?.(event);
      hover.current = false;
    },
    onPointerDown: (event) => {
      child.props.onPointerDown?.(event);
      pressed.current = true;
      afterRelease(event.currentTarget.ownerDocument, () => {
        pressed.current = false;
      });
    },
    onFocus: (event) => {
      child.props.onFocus?.(event);
      takeOver();
    },
  });
}
