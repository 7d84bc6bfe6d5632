import { useEffect, useState } from 'react';
import { toast } from '@carebook/shared/toasts';
import { DEFAULT_SCHEDULE, errorMessage, MESSAGES, type Doctor, type Schedule, type Weekday } from '@carebook/shared';
import { saveDoctorSchedule, type AdminAppointment } from '../../api/admin-api';
import { useAdminSession } from '../../session/admin-session';
import { draftProblem, nextRange } from './schedule-draft';

/** How long the draft must stay still before its conflicts are asked for (a dry run). */
const PREVIEW_DELAY_MS = 400;

export type RangePart = 'start' | 'end';
export type DayPart = 'from' | 'to';

/**
 * The schedule editor's state: the draft, its problem (checked as staff type, by the API's own
 * rules), the conflicts it would have (a dry run once the draft is valid and still) or has (the
 * save's reply), and the edits. `refreshConflicts` asks again, e.g. after a cancellation.
 */
export function useScheduleEditor(doctor: Doctor) {
  const { api } = useAdminSession();
  const [saved, setSaved] = useState<Schedule>(doctor.schedule ?? DEFAULT_SCHEDULE);
  const [draft, setDraft] = useState<Schedule>(saved);
  const [conflicts, setConflicts] = useState<AdminAppointment[] | null>(null);
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const [round, setRound] = useState(0);
  const problem = draftProblem(draft);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  useEffect(() => {
    if (problem) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      setChecking(true);
      saveDoctorSchedule(api, doctor._id, draft, { dryRun: true })
        .then((reply) => {
          if (!current) return;
          setConflicts(reply.conflicts);
          setFailure('');
        })
        .catch((error: unknown) => current && setFailure(errorMessage(error, MESSAGES.unexpectedError)))
        .finally(() => current && setChecking(false));
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, doctor._id, draft, problem, round]);

  const edit = (change: (schedule: Schedule) => Schedule): void => setDraft((current) => change(current));
  const editDay = (day: Weekday, change: (ranges: Schedule['weekly'][Weekday]) => Schedule['weekly'][Weekday]): void =>
    edit((s) => ({ ...s, weekly: { ...s.weekly, [day]: change(s.weekly[day]) } }));

  async function save(): Promise<boolean> {
    if (problem) {
      setFailure(problem);
      return false;
    }
    setSaving(true);
    try {
      const reply = await saveDoctorSchedule(api, doctor._id, draft);
      const stored = reply.doctor.schedule ?? draft;
      setSaved(stored);
      setDraft(stored);
      setConflicts(reply.conflicts);
      setFailure('');
      toast.success(reply.message);
      return true;
    } catch (error) {
      setFailure(errorMessage(error, MESSAGES.unexpectedError));
      return false;
    } finally {
      setSaving(false);
    }
  }

  return {
    draft,
    dirty,
    problem,
    conflicts,
    checking,
    saving,
    failure,
    save,
    reset: () => setDraft(saved),
    refreshConflicts: () => setRound((n) => n + 1),
    addRange: (day: Weekday) => editDay(day, (ranges) => [...ranges, nextRange(draft, day)]),
    removeRange: (day: Weekday, at: number) => editDay(day, (ranges) => ranges.filter((_, i) => i !== at)),
    changeRange: (day: Weekday, at: number, part: RangePart, value: string) =>
      editDay(day, (ranges) => ranges.map((range, i) => (i === at ? { ...range, [part]: value } : range))),
    addTimeOff: (today: string) => edit((s) => ({ ...s, timeOff: [...s.timeOff, { from: today, to: today }] })),
    removeTimeOff: (at: number) => edit((s) => ({ ...s, timeOff: s.timeOff.filter((_, i) => i !== at) })),
    changeTimeOff: (at: number, part: DayPart, value: string) =>
      edit((s) => ({ ...s, timeOff: s.timeOff.map((range, i) => (i === at ? { ...range, [part]: value } : range)) })),
  };
}

export type ScheduleEditorState = ReturnType<typeof useScheduleEditor>;
