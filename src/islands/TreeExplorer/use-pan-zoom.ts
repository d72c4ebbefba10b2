import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export interface View {
  x: number;
  y: number;
  scale: number;
}

const MIN = 0.3;
const MAX = 2.5;
const clamp = (s: number) => Math.min(MAX, Math.max(MIN, s));

/**
 * Pan and zoom of the tree canvas: one pointer (finger or mouse) drags, two fingers pinch, the
 * wheel zooms around the pointer. A drag of more than a few pixels swallows the click that ends
 * it, so dragging from a member card does not open it.
 */
export function usePanZoom(viewport: RefObject<HTMLElement | null>) {
  const [view, setView] = useState<View>({ x: 0, y: 0, scale: 1 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const moved = useRef(false);
  const viewRef = useRef(view);
  viewRef.current = view;

  const zoomAt = useCallback((factor: number, cx: number, cy: number) => {
    setView((v) => {
      const scale = clamp(v.scale * factor);
      const k = scale / v.scale;
      return { scale, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k };
    });
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const local = (e: { clientX: number; clientY: number }) => {
      const r = el.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    let start: { x: number; y: number } | null = null;
    let pinch: { d: number; cx: number; cy: number } | null = null;
    const distance = () => {
      const [a, b] = [...pointers.current.values()];
      return { d: Math.hypot(a!.x - b!.x, a!.y - b!.y), cx: (a!.x + b!.x) / 2, cy: (a!.y + b!.y) / 2 };
    };
    const down = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      pointers.current.set(e.pointerId, local(e));
      moved.current = false;
      start = local(e);
      pinch = pointers.current.size === 2 ? distance() : null;
    };
    const move = (e: PointerEvent) => {
      const last = pointers.current.get(e.pointerId);
      if (!last) return;
      const p = local(e);
      pointers.current.set(e.pointerId, p);
      if (pointers.current.size >= 2 && pinch) {
        const now = distance();
        // Updaters run later: they take copies, never the mutable pinch state.
        const dx = now.cx - pinch.cx;
        const dy = now.cy - pinch.cy;
        if (pinch.d > 0) zoomAt(now.d / pinch.d, now.cx, now.cy);
        setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
        pinch = now;
        moved.current = true;
        return;
      }
      if (!moved.current && start && Math.hypot(p.x - start.x, p.y - start.y) < 6) return;
      if (!moved.current) el.setPointerCapture?.(e.pointerId);
      moved.current = true;
      const dx = p.x - last.x;
      const dy = p.y - last.y;
      setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    };
    const up = (e: PointerEvent) => {
      pointers.current.delete(e.pointerId);
      pinch = pointers.current.size === 2 ? distance() : null;
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = local(e);
      zoomAt(Math.exp(-e.deltaY * 0.0015), p.x, p.y);
    };
    // A click at the end of a drag is the drag's, not the card's.
    const click = (e: MouseEvent) => {
      if (!moved.current) return;
      e.preventDefault();
      e.stopPropagation();
      moved.current = false;
    };
    // Links and text would start the browser's own drag, which cancels the pointer.
    const noNativeDrag = (e: Event) => e.preventDefault();
    el.addEventListener('dragstart', noNativeDrag);
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('wheel', wheel, { passive: false });
    el.addEventListener('click', click, true);
    return () => {
      el.removeEventListener('dragstart', noNativeDrag);
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      el.removeEventListener('wheel', wheel);
      el.removeEventListener('click', click, true);
    };
  }, [viewport, zoomAt]);

  const zoomBy = useCallback(
    (factor: number) => {
      const el = viewport.current;
      zoomAt(factor, (el?.clientWidth ?? 0) / 2, (el?.clientHeight ?? 0) / 2);
    },
    [viewport, zoomAt],
  );

  /** Moves the view by (dx, dy) pixels: the keyboard's pan (Shift + arrow keys). */
  const panBy = useCallback((dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy })), []);

  return { view, setView, zoomBy, panBy };
}
