import { useLayoutEffect, useRef, type RefObject } from 'react';
import { FORM_TAKEN_OVER_EVENT } from './form-events';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The app takes over a field as it mounts. A field of the server's page may have been typed into
 * before the app arrived (a slow phone, a password manager): hydration keeps that text on screen
 * but not in the form's state, which would then send an empty field (and clear it on the next
 * render). So the state adopts what the field holds, once; then the field tells its form that the
 * app answers it now ({@link FORM_TAKEN_OVER_EVENT}), so a submission held until then goes out.
 * A field the app itself drew holds its state already: nothing changes.
 */
export function useFieldTakeover<Element extends FieldElement>(
  value: string,
  onValueChange: (value: string) => void,
): RefObject<Element | null> {
  const field = useRef<Element>(null);
  const takenOver = useRef(false);
  useLayoutEffect(() => {
    const element = field.current;
    if (takenOver.current || !element) return;
    takenOver.current = true;
    if (element.value !== value) onValueChange(element.value);
    element.form?.dispatchEvent(new Event(FORM_TAKEN_OVER_EVENT, { bubbles: true }));
  }, [value, onValueChange]);
  return field;
}
