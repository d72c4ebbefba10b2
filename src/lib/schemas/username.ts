import { z } from 'zod';
import { usernameError, usernameMessages } from '../username';

/** A member's username (src/lib/username.ts): trimmed, with the rule's Indonesian message. */
export const UsernameSchema = z
  .string({ error: usernameMessages.required })
  .trim()
  .superRefine((username, ctx) => {
    const message = usernameError(username);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
