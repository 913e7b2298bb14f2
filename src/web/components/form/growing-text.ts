import type { TextFieldProps } from '@mui/material/TextField';
import type { CSSProperties, TextareaHTMLAttributes } from 'react';

/** Two lines at first, up to twelve, sized by the browser to the text. */
const GROWING: CSSProperties = {
  fieldSizing: 'content',
  minHeight: '2lh',
  maxHeight: '12lh',
  resize: 'vertical',
};

/**
 * The props of a multiline text field that grows with its text: a plain textarea that the browser
 * sizes (CSS `field-sizing: content`), instead of MUI's TextareaAutosize, which measures a hidden
 * copy of the text in a layout effect on every render: 116–141 ms of a phone's main thread on the
 * customer detail's first render (ADR 042). A browser that cannot size a field to its content
 * shows two lines that scroll and that can be dragged taller. `textarea` goes to the element.
 */
export function growingText(textarea: TextareaHTMLAttributes<HTMLTextAreaElement> = {}) {
  return {
    multiline: true,
    rows: 2,
    slotProps: {
      input: { inputComponent: 'textarea' },
      htmlInput: { ...textarea, style: { ...GROWING, ...textarea.style } },
    },
  } satisfies TextFieldProps;
}
