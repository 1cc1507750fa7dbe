import { useEffect, useState, type RefObject } from 'react';

/** What a person may press or type into: the floating button must never sit on one of these. */
const ACTIONS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])';
const GAP = 8;

type Box = { top: number; bottom: number; left: number; right: number };
const overlaps = (a: Box, b: Box) =>
  a.left < b.right + GAP && a.right > b.left - GAP && a.top < b.bottom + GAP && a.bottom > b.top - GAP;

/**
 * The distance from the viewport's bottom at which the floating button covers no action of the
 * page: its usual place (`base` px) when that is clear, otherwise just above whatever action is
 * under it, climbing until it finds room. Measured again after every scroll, resize and change of
 * the page (one measure per frame at most).
 */
export function useClearSpot(button: RefObject<HTMLElement | null>, base: number, enabled: boolean): number {
  const [bottom, setBottom] = useState(base);
  useEffect(() => {
    if (!enabled) {
      setBottom(base);
      return;
    }
    let frame = 0;
    let timer = 0;
    const measure = () => {
      timer = 0;
      const own = button.current;
      if (!own) return;
      const size = own.offsetHeight;
      const { right } = own.getBoundingClientRect();
      const left = right - own.offsetWidth;
      const height = window.innerHeight;
      const actions: Box[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(ACTIONS)) {
        if (own.contains(el) || el.closest('#assistant-panel')) continue;
        // Off screen in a section whose layout the browser skips (content-visibility: auto): asking
        // its position would lay the whole section out, and it cannot be under the button anyway.
        if (el.checkVisibility?.({ contentVisibilityAuto: true }) === false) continue;
        const r = el.getBoundingClientRect();
        // A card that is a link as a whole (taller than a third of the screen) stays pressable around the button.
        if (r.width > 1 && r.height > 1 && r.height < height / 3 && r.bottom > 0 && r.top < height) actions.push(r);
      }
      let next = base;
      for (let tries = 0; tries < 50; tries++) {
        const box = { top: height - next - size, bottom: height - next, left, right };
        const hit = actions.filter((a) => overlaps(box, a)).sort((a, b) => a.top - b.top)[0];
        if (!hit) break;
        next = height - hit.top + GAP;
        if (next + size > height - 72) {
          next = base; // no room on this screen: the usual place
          break;
        }
      }
      setBottom(next);
    };
    // Read in a task of its own just after the next frame: the layout is then clean, so asking for
    // positions costs no layout of its own, and the frame that renders a change stays as short as it was.
    const afterFrame = () => {
      frame = 0;
      timer = window.setTimeout(measure);
    };
    const schedule = () => {
      if (!frame && !timer) frame = requestAnimationFrame(afterFrame);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class', 'hidden', 'disabled'],
    });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [button, base, enabled]);
  return bottom;
}
