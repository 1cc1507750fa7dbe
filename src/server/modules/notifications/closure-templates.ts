import { formatLongDate, formatLongDateTime } from '../../../core/dates';

/**
 * The e-mails of account closure and retention (decision 039), in the investor's language. They
 * carry dates and categories only: nothing in them names the person beyond the address they go to.
 */
type Locale = 'fr' | 'en' | 'es';
type Category = 'no_legal_basis' | 'identity_documents' | 'contact_details' | 'sessions_security_logs' | 'ledger_audit';

export interface ClosureTemplateParams {
  closure_requested: { at: string };
  closure_waiting: { state: 'waiting_locks' | 'waiting_payout'; until: string | null };
  closure_cancelled: { at: string };
  account_closed: { at: string };
  /** `erased` is absent from the answers queued before it was said (decision 049). */
  erasure_answer: { at: string; erased?: Category[]; remaining: Array<{ category: Category; until: string }> };
}

type Rendered = { subject: string; text: string };
type Texts = { [T in keyof ClosureTemplateParams]: (p: ClosureTemplateParams[T]) => Rendered };

const day = (lng: Locale, iso: string) => formatLongDate(iso, lng);
const when = (lng: Locale, iso: string) => formatLongDateTime(iso, lng);
/** French puts a non-breaking space before the colon. */
const colon = (lng: Locale) => (lng === 'fr' ? '\u00a0:' : ':');

const categories: Record<Locale, Record<Category, string>> = {
  fr: {
    no_legal_basis:
      'les données que la loi n’oblige pas à conserver (conversations avec le support, historique de performance)',
    identity_documents: 'les documents d’identité (CMF L561-12)',
    contact_details: 'vos coordonnées\u00a0: nom, e-mail, téléphone, adresses de portefeuille (CMF L561-12)',
    sessions_security_logs: 'les sessions et journaux de sécurité',
    ledger_audit:
      'les écritures comptables et le journal d’audit, sous un identifiant pseudonyme (Code de commerce L123-22)',
  },
  en: {
    no_legal_basis: 'the data no law requires us to keep (support conversations, performance history)',
    identity_documents: 'identity documents (French Monetary Code L561-12)',
    contact_details: 'your contact details: name, e-mail, phone, wallet addresses (French Monetary Code L561-12)',
    sessions_security_logs: 'sessions and security logs',
    ledger_audit: 'accounting entries and the audit trail, under a pseudonymous id (French Commercial Code L123-22)',
  },
  es: {
    no_legal_basis:
      'los datos que ninguna ley obliga a conservar (conversaciones con el soporte, historial de rendimiento)',
    identity_documents: 'los documentos de identidad (Código Monetario francés L561-12)',
    contact_details:
      'sus datos de contacto: nombre, e-mail, teléfono, direcciones de monedero (Código Monetario francés L561-12)',
    sessions_security_logs: 'las sesiones y los registros de seguridad',
    ledger_audit:
      'los asientos contables y el registro de auditoría, bajo un identificador seudónimo (Código de Comercio francés L123-22)',
  },
};

const remainingLines = (lng: Locale, label: string, p: ClosureTemplateParams['erasure_answer']) =>
  p.remaining.map((r) => `- ${categories[lng][r.category]}${colon(lng)} ${label} ${day(lng, r.until)}`).join('\n');

/** "We erased:" and its list, or the general sentence of the answers queued before the list was said. */
const erasedLines = (lng: Locale, p: ClosureTemplateParams['erasure_answer'], list: string, general: string) =>
  p.erased?.length ? `${list}${colon(lng)}\n${p.erased.map((c) => `- ${categories[lng][c]}`).join('\n')}` : general;

export const closureTexts: Record<Locale, Texts> = {
  fr: {
    closure_requested: (p) => ({
      subject: 'Demande de clôture de votre compte',
      text: `Bonjour,\n\nVous avez demandé la clôture de votre compte le ${when('fr', p.at)}. Dès maintenant, aucun dépôt, investissement ni transfert entrant n’est possible\u00a0; vos retraits et transferts sortants restent possibles pour vider le compte.\n\nVous pouvez suivre l’avancement, ou annuler la clôture, sur votre profil.\n\nAtlas Invest`,
    }),
    closure_waiting: (p) => ({
      subject: 'Clôture de votre compte\u00a0: en attente',
      text:
        p.state === 'waiting_locks'
          ? `Bonjour,\n\nLa clôture de votre compte attend la fin d’un blocage ou d’une vérification en cours${p.until ? ` (jusqu’au ${day('fr', p.until)})` : ''}. Le détail et les dates exactes sont sur votre profil.\n\nAtlas Invest`
          : `Bonjour,\n\nLa clôture de votre compte attend que votre solde soit à zéro\u00a0: arrêtez vos investissements, puis retirez le solde vers une adresse vérifiée ou transférez-le par UID (sans minimum, même pour quelques centimes).\n\nAtlas Invest`,
    }),
    closure_cancelled: (p) => ({
      subject: 'Clôture de votre compte annulée',
      text: `Bonjour,\n\nLa clôture de votre compte a été annulée le ${when('fr', p.at)}. Votre compte fonctionne de nouveau normalement.\n\nAtlas Invest`,
    }),
    account_closed: (p) => ({
      subject: 'Votre compte est clôturé',
      text: `Bonjour,\n\nVotre compte a été clôturé le ${when('fr', p.at)}, avec un solde de zéro. Vos sessions, votre double authentification et vos appareils connus ont été révoqués.\n\nVous pouvez encore vous connecter pour consulter votre compte en lecture seule et télécharger vos données pendant la durée de conservation légale.\n\nAtlas Invest`,
    }),
    erasure_answer: (p) => ({
      subject: 'Réponse à votre demande d’effacement',
      text: `Bonjour,\n\nLe ${when('fr', p.at)}, ${erasedLines('fr', p, 'nous avons effacé', 'nous avons effacé les données que la loi ne nous oblige plus à conserver.')}${p.remaining.length ? `\n\nLa loi nous oblige à conserver encore\u00a0:\n${remainingLines('fr', 'jusqu’au', p)}\n\nElles seront effacées ou rendues anonymes à ces dates, sans autre demande de votre part.` : '\n\nIl ne reste aucune donnée vous concernant.'}\n\nAtlas Invest`,
    }),
  },
  en: {
    closure_requested: (p) => ({
      subject: 'Request to close your account',
      text: `Hello,\n\nYou asked to close your account on ${when('en', p.at)}. From now on, no deposit, investment or incoming transfer is possible; your withdrawals and outgoing transfers remain possible to empty the account.\n\nYou can follow the progress, or cancel the closure, on your profile.\n\nAtlas Invest`,
    }),
    closure_waiting: (p) => ({
      subject: 'Closing your account: waiting',
      text:
        p.state === 'waiting_locks'
          ? `Hello,\n\nThe closure of your account is waiting for a lock or a review to end${p.until ? ` (until ${day('en', p.until)})` : ''}. The details and exact dates are on your profile.\n\nAtlas Invest`
          : `Hello,\n\nThe closure of your account is waiting for your balance to reach zero: stop your investments, then withdraw the balance to a verified address or transfer it by UID (no minimum, even for a few cents).\n\nAtlas Invest`,
    }),
    closure_cancelled: (p) => ({
      subject: 'Closure of your account cancelled',
      text: `Hello,\n\nThe closure of your account was cancelled on ${when('en', p.at)}. Your account works normally again.\n\nAtlas Invest`,
    }),
    account_closed: (p) => ({
      subject: 'Your account is closed',
      text: `Hello,\n\nYour account was closed on ${when('en', p.at)}, with a zero balance. Your sessions, two-factor authentication and known devices were revoked.\n\nYou can still sign in to see your account read-only and download your data during the legal retention period.\n\nAtlas Invest`,
    }),
    erasure_answer: (p) => ({
      subject: 'Answer to your erasure request',
      text: `Hello,\n\nOn ${when('en', p.at)}, ${erasedLines('en', p, 'we erased', 'we erased the data the law no longer requires us to keep.')}${p.remaining.length ? `\n\nThe law still requires us to keep:\n${remainingLines('en', 'until', p)}\n\nThey will be erased or made anonymous on those dates, with no further request from you.` : '\n\nNo data about you remains.'}\n\nAtlas Invest`,
    }),
  },
  es: {
    closure_requested: (p) => ({
      subject: 'Solicitud de cierre de su cuenta',
      text: `Hola,\n\nUsted pidió cerrar su cuenta el ${when('es', p.at)}. Desde ahora no es posible ningún depósito, inversión ni transferencia entrante; sus retiros y transferencias salientes siguen siendo posibles para vaciar la cuenta.\n\nPuede seguir el avance, o anular el cierre, en su perfil.\n\nAtlas Invest`,
    }),
    closure_waiting: (p) => ({
      subject: 'Cierre de su cuenta: en espera',
      text:
        p.state === 'waiting_locks'
          ? `Hola,\n\nEl cierre de su cuenta espera el fin de un bloqueo o de una revisión en curso${p.until ? ` (hasta el ${day('es', p.until)})` : ''}. El detalle y las fechas exactas están en su perfil.\n\nAtlas Invest`
          : `Hola,\n\nEl cierre de su cuenta espera a que su saldo llegue a cero: detenga sus inversiones y luego retire el saldo a una dirección verificada o transfiéralo por UID (sin mínimo, incluso unos céntimos).\n\nAtlas Invest`,
    }),
    closure_cancelled: (p) => ({
      subject: 'Cierre de su cuenta anulado',
      text: `Hola,\n\nEl cierre de su cuenta se anuló el ${when('es', p.at)}. Su cuenta vuelve a funcionar con normalidad.\n\nAtlas Invest`,
    }),
    account_closed: (p) => ({
      subject: 'Su cuenta está cerrada',
      text: `Hola,\n\nSu cuenta se cerró el ${when('es', p.at)}, con un saldo de cero. Sus sesiones, su doble autenticación y sus dispositivos conocidos se revocaron.\n\nAún puede iniciar sesión para ver su cuenta en modo de solo lectura y descargar sus datos durante el plazo legal de conservación.\n\nAtlas Invest`,
    }),
    erasure_answer: (p) => ({
      subject: 'Respuesta a su solicitud de supresión',
      text: `Hola,\n\nEl ${when('es', p.at)}, ${erasedLines('es', p, 'suprimimos', 'suprimimos los datos que la ley ya no nos obliga a conservar.')}${p.remaining.length ? `\n\nLa ley nos obliga a conservar todavía:\n${remainingLines('es', 'hasta el', p)}\n\nSe suprimirán o anonimizarán en esas fechas, sin otra solicitud por su parte.` : '\n\nNo queda ningún dato sobre usted.'}\n\nAtlas Invest`,
    }),
  },
};
