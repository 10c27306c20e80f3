import { useEffect, useState } from 'react';

/**
 * A form that follows changes from other devices while untouched: the replica's newer values become what it
 * shows and what it compares with; a form being edited keeps the person's work.
 */
export function useFollowWhileUntouched<V>(form: { isDirty: () => boolean; setInitialValues: (v: V) => void; setValues: (v: V) => void }, current: V): void {
  const key = JSON.stringify(current);
  useEffect(() => {
    if (!form.isDirty()) {
      form.setInitialValues(current);
      form.setValues(current);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the values' content, not their identity, matters
  }, [key]);
}

/**
 * A form section's save: runs `save` with the values, after which they are the form's new starting point;
 * `saved` is a new token at each save that went through (null before, and while saving), for `useSaveStatus`
 * to tell where it stands. What went wrong is kept to show, with the person's work left in the form.
 */
export function useSectionSave<V>(form: { setInitialValues: (v: V) => void; resetDirty: (v: V) => void }, save: (values: V) => Promise<unknown>) {
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<object | null>(null);
  const submit = async (values: V) => {
    setError(null);
    setSaved(null);
    try {
      await save(values);
      form.setInitialValues(values);
      form.resetDirty(values);
      setSaved({});
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return { error, saved, submit };
}
