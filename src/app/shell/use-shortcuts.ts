import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { NavItem } from '../../domain/app/navigation.ts';

/** Ctrl+Alt plus the item's letter opens it (spec section 2); only items the user may see. */
export function useShortcuts(items: NavItem[]): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.ctrlKey || !event.altKey || event.metaKey || event.shiftKey) return;
      const item = items.find((i) => i.shortcut && event.code === `Key${i.shortcut.toUpperCase()}`);
      if (!item) return;
      event.preventDefault();
      void navigate({ to: item.to });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [items, navigate]);
}
