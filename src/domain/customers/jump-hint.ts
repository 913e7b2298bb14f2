// The jump box's hint, apart from its rules so the top bar carries only the text.
export const JUMP_HINT = 'Enter an account number (123 or M123), an order number or an email.';
