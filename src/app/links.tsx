import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

/**
 * Mantine's button and anchor as router links, with the route's params and search checked by the type
 * checker (Mantine's polymorphic `component={Link}` loses them).
 */
const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));
ButtonAnchor.displayName = 'ButtonAnchor';
const TextAnchor = forwardRef<HTMLAnchorElement, AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => <Anchor ref={ref} {...props} />);
TextAnchor.displayName = 'TextAnchor';

export const ButtonLink = createLink(ButtonAnchor);
export const AnchorLink = createLink(TextAnchor);
