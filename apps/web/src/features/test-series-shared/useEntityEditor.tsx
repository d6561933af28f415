import { hasPrivilege } from '@assess/contracts/access';
import { TestStatus } from '@assess/contracts/tests';
import Alert from '@mui/material/Alert';
import { type ReactNode, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSkeleton } from '../../components/Skeletons';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { useEditedEntity } from '../../lib/queries';
import { useSignedInSession } from '../auth/session';
import { useTestLookups } from '../tests/editor/api';
import type { EditorAlert } from './EditorFrame';
import { editorKeys, useLiveCodeOrNameExists } from './editorQueries';
import { useStoredVersion, useTakenErrors } from './editorState';

/** Redirect delays after a save (part 3 §9): 4 s after a draft save, 2 s otherwise. */
const DRAFT_REDIRECT_MS = 4000;
const SAVED_REDIRECT_MS = 2000;

type Area = Parameters<typeof hasPrivilege>[1];
type Stored = { version: number; status: number; readOnlyReason: string | null };
type Form = FieldValues & { code: string; name: string };

/**
 * What the test and test series editors share: the id (none before the first save; then in the address), the
 * step, the form with the stored entity loaded once, the live code / name uniqueness, who may write, the alert,
 * and `write` (validate, create or update with the version read).
 */
export function useEntityEditor<V extends Form, D extends Stored>(o: {
  /** The area's query root, and the id's name in the address. */
  root: 'tests' | 'series';
  idKey: string;
  initialId: number | null;
  /** Reads the stored entity (once, when opened). */
  read: (id: number) => Promise<D>;
  /** Asks whether another entity has this code or name. */
  exists: (field: 'code' | 'name', value: string, id: number | null) => Promise<{ exists: boolean }>;
  form: { resolver: Resolver<V>; defaults: () => V; valuesOf: (d: D) => V };
  onLoad?: (d: D) => void;
  messages: { codeExists: string; nameExists: string; errorOccured: string };
  /** The privilege area, the privilege to create and the one to update. */
  privileges: [Area, string, string];
  /** The list the editor returns to after a save. */
  listPath: string;
}) {
  const session = useSignedInSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const [id, setId] = useState(o.initialId);
  const [step, setStep] = useState(0);
  const [alert, setAlert] = useState<EditorAlert | null>(null);
  const [status, setStatus] = useState<number>(TestStatus.Draft);
  const [leaving, setLeaving] = useState(false);
  const keys = editorKeys(o.root);
  const detail = useEditedEntity(keys.detail(id ?? 0), id, o.read);
  const lookups = useTestLookups();
  const form = useForm<V>({
    resolver: o.form.resolver,
    mode: 'onTouched',
    defaultValues: o.form.defaults() as DefaultValues<V>,
  });
  const stored = useStoredVersion(detail.data, (d) => {
    setStatus(d.status);
    o.onLoad?.(d);
    form.reset(o.form.valuesOf(d));
  });
  const [code, name] = useWatch({
    control: form.control,
    name: ['code', 'name'] as Path<V>[],
  }) as unknown as [string | undefined, string | undefined];
  const codeTaken = useLiveCodeOrNameExists(
    code ?? '',
    (settled) => keys.exists('code', settled, id),
    (settled) => o.exists('code', settled, id),
  );
  const nameTaken = useLiveCodeOrNameExists(
    name ?? '',
    (settled) => keys.exists('name', settled, id),
    (settled) => o.exists('name', settled, id),
  );
  useTakenErrors(form, { code: codeTaken, name: nameTaken }, o.messages);

  const [area, createPrivilege, updatePrivilege] = o.privileges;
  const p = session.privilegeObject;
  const mayWrite =
    hasPrivilege(p, area, createPrivilege) || (id !== null && hasPrivilege(p, area, updatePrivilege));

  /**
   * Validates (these fields, or all) and saves: creates the entity when it has no id yet, else updates it.
   * Null when the form refused; a refusal of the server is thrown.
   */
  async function write(
    fields: readonly Path<V>[] | null,
    create: (values: V) => Promise<{ id: number; version: number; status: number }>,
    update: (id: number, values: V, version: number) => Promise<{ version: number; status: number }>,
  ): Promise<V | null> {
    setAlert(null);
    const valid = fields ? await form.trigger([...fields]) : await form.trigger();
    if (!valid || codeTaken || nameTaken) return null;
    const values = form.getValues();
    if (id === null) {
      const created = await create(values);
      setId(created.id);
      stored.created(created.version);
      setStatus(created.status);
      setSearch({ [o.idKey]: String(created.id) }, { replace: true });
    } else {
      const saved = await update(id, values, stored.version.current ?? 0);
      stored.version.current = saved.version;
      setStatus(saved.status);
    }
    return values;
  }

  /** After a conflict: the stored entity replaces the form. */
  async function reload() {
    setAlert(null);
    stored.forget();
    await detail.refetch();
  }

  /** Back to the list after a save (part 3 §9): after the draft delay or the saved one; read-only meanwhile. */
  function leaveForList(afterDraft: boolean) {
    setLeaving(true);
    setTimeout(() => navigate(o.listPath), afterDraft ? DRAFT_REDIRECT_MS : SAVED_REDIRECT_MS);
  }

  /** The page while the stored entity loads, or its error; null once it is there (or for a new one). */
  const gate: ReactNode =
    id !== null && detail.isLoading ? (
      <PageSkeleton />
    ) : id !== null && detail.isError ? (
      <Alert severity="error" role="alert">
        {isApiError(detail.error) ? detail.error.message : o.messages.errorOccured}
      </Alert>
    ) : null;

  return {
    session,
    toast,
    navigate,
    id,
    step,
    setStep,
    alert,
    setAlert,
    status,
    setStatus,
    detail,
    form,
    stored,
    mayWrite,
    readOnlyReason: detail.data?.readOnlyReason ?? null,
    /** The Information step's objective and target audience options. */
    audience: { objectives: lookups.data?.objective, targetAudiences: lookups.data?.targetAudience },
    write,
    reload,
    gate,
    /** True once a save is leaving for the list. */
    leaving,
    leaveForList,
  };
}
