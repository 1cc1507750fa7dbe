import type { InvestorReason, RejectionReason } from './rejection-reasons';

export type ReasonLanguage = 'fr' | 'en' | 'es';

export interface ReasonTexts {
  /** What the person reads (history, e-mail): what went wrong and exactly what to fix. */
  investor: Record<InvestorReason, string>;
  /** The operator's choice in the back office. */
  label: Record<RejectionReason, string>;
  /** The operator's guidance: when to use the code. Never shown to the person. */
  note: Record<RejectionReason, string>;
}

/**
 * The catalogue's texts in FR, EN and ES. `{{amount}}`, `{{crypto}}` and `{{address}}` are the
 * request's own values; every language names the same ones (rejection-texts.test.ts).
 */
export const reasonTexts: Record<ReasonLanguage, ReasonTexts> = {
  fr: {
    investor: {
      proof_unreadable:
        'Nous ne pouvons pas lire votre preuve. Envoyez une capture nette et entière de la transaction, où se lisent le montant, la date et l’adresse de destination.',
      amount_mismatch:
        'Le montant saisi ({{amount}}) ne correspond pas à celui de la preuve. Saisissez exactement le montant envoyé, tel qu’il figure sur la preuve.',
      proof_incomplete:
        'La preuve ne montre pas l’adresse de destination ni l’identifiant de la transaction. Envoyez une capture où les deux sont visibles.',
      proof_reused:
        'Cette preuve a déjà servi pour un autre dépôt. Envoyez la preuve de la transaction faite pour ce dépôt-ci.',
      funds_not_received:
        'Ces fonds ne sont pas arrivés à notre adresse. Attendez que la transaction soit confirmée sur le réseau, puis renvoyez la demande avec sa preuve.',
      wrong_network:
        'La monnaie ou le réseau ne correspond pas à l’adresse utilisée. Choisissez la monnaie et le réseau de cette adresse, puis renvoyez la demande.',
      address_invalid:
        'L’adresse {{address}} ne peut pas recevoir de {{crypto}}. Copiez l’adresse de réception {{crypto}} depuis votre portefeuille, puis renvoyez la demande.',
      duplicate_request:
        'Cette demande fait double emploi avec une autre demande déjà reçue. Vous n’avez rien à faire : l’autre demande est traitée.',
      request_declined:
        'Nous ne pouvons pas donner suite à cette demande. Cette décision est définitive ; pour toute question, écrivez au support.',
    },
    label: {
      proof_unreadable: 'Preuve illisible',
      amount_mismatch: 'Montant différent de la preuve',
      proof_incomplete: 'Preuve incomplète (adresse ou identifiant absent)',
      proof_reused: 'Preuve déjà utilisée',
      funds_not_received: 'Fonds non reçus',
      wrong_network: 'Mauvaise monnaie ou mauvais réseau',
      address_invalid: 'Adresse de retrait invalide',
      duplicate_request: 'Demande en double',
      compliance_screening: 'Conformité : filtrage (définitif)',
      compliance_source_of_funds: 'Conformité : origine des fonds (définitif)',
      compliance_other: 'Conformité : autre motif (définitif)',
    },
    note: {
      proof_unreadable:
        'Image floue, coupée ou trop petite pour lire montant, date et adresse. Le client peut renvoyer.',
      amount_mismatch: 'Le montant déclaré diffère de celui lu sur la preuve. Le client corrige le montant et renvoie.',
      proof_incomplete:
        'Ni l’adresse de destination ni le hash de transaction ne sont visibles. Le client peut renvoyer.',
      proof_reused: 'La même image a déjà servi pour un autre dépôt (voir « même image »). Le client peut renvoyer.',
      funds_not_received:
        'Aucune transaction correspondante reçue sur nos adresses. Le client peut renvoyer plus tard.',
      wrong_network: 'Monnaie ou réseau différent de l’adresse. Le client peut renvoyer.',
      address_invalid:
        'L’adresse ne peut pas recevoir cette monnaie. Le montant bloqué revient ; le client peut renvoyer.',
      duplicate_request: 'Une autre demande identique est en cours. Pas de nouvelle version possible.',
      compliance_screening:
        'Décision de conformité définitive. Le client ne voit qu’un texte neutre ; aucune nouvelle version possible.',
      compliance_source_of_funds:
        'Origine des fonds non justifiée. Le client ne voit qu’un texte neutre ; aucune nouvelle version possible.',
      compliance_other:
        'Autre décision de conformité définitive : précisez-la dans la note interne. Le client ne voit qu’un texte neutre.',
    },
  },
  en: {
    investor: {
      proof_unreadable:
        'We cannot read your proof. Send a sharp, uncropped screenshot of the transaction showing the amount, the date and the destination address.',
      amount_mismatch:
        'The amount you entered ({{amount}}) does not match the proof. Enter exactly the amount you sent, as shown on the proof.',
      proof_incomplete:
        'The proof shows neither the destination address nor the transaction ID. Send a screenshot where both are visible.',
      proof_reused:
        'This proof was already used for another deposit. Send the proof of the transaction made for this deposit.',
      funds_not_received:
        'These funds have not reached our address. Wait until the transaction is confirmed on the network, then send the request again with its proof.',
      wrong_network:
        'The coin or network does not match the address used. Choose the coin and network of that address, then send the request again.',
      address_invalid:
        'The address {{address}} cannot receive {{crypto}}. Copy your {{crypto}} receiving address from your wallet, then send the request again.',
      duplicate_request:
        'This request duplicates another one we already received. There is nothing to do: the other request is being handled.',
      request_declined:
        'We cannot proceed with this request. This decision is final; if you have a question, write to support.',
    },
    label: {
      proof_unreadable: 'Proof unreadable',
      amount_mismatch: 'Amount differs from the proof',
      proof_incomplete: 'Proof incomplete (address or ID missing)',
      proof_reused: 'Proof already used',
      funds_not_received: 'Funds not received',
      wrong_network: 'Wrong coin or network',
      address_invalid: 'Invalid withdrawal address',
      duplicate_request: 'Duplicate request',
      compliance_screening: 'Compliance: screening (final)',
      compliance_source_of_funds: 'Compliance: source of funds (final)',
      compliance_other: 'Compliance: other reason (final)',
    },
    note: {
      proof_unreadable: 'Blurred, cropped or too small to read amount, date and address. The client may resend.',
      amount_mismatch:
        'The declared amount differs from the one on the proof. The client corrects the amount and resends.',
      proof_incomplete: 'Neither the destination address nor the transaction hash is visible. The client may resend.',
      proof_reused: 'The same image was already used for another deposit (see "same image"). The client may resend.',
      funds_not_received: 'No matching transaction reached our addresses. The client may resend later.',
      wrong_network: 'Coin or network differs from the address. The client may resend.',
      address_invalid: 'The address cannot receive this coin. The held amount is released; the client may resend.',
      duplicate_request: 'Another identical request is in progress. No new version possible.',
      compliance_screening: 'Final compliance decision. The client only sees a neutral text; no new version possible.',
      compliance_source_of_funds:
        'Source of funds not justified. The client only sees a neutral text; no new version possible.',
      compliance_other:
        'Another final compliance decision: say which in the internal note. The client only sees a neutral text.',
    },
  },
  es: {
    investor: {
      proof_unreadable:
        'No podemos leer su comprobante. Envíe una captura nítida y completa de la transacción donde se lean el monto, la fecha y la dirección de destino.',
      amount_mismatch:
        'El monto indicado ({{amount}}) no coincide con el del comprobante. Indique exactamente el monto enviado, tal como figura en el comprobante.',
      proof_incomplete:
        'El comprobante no muestra la dirección de destino ni el identificador de la transacción. Envíe una captura donde se vean ambos.',
      proof_reused:
        'Este comprobante ya se usó para otro depósito. Envíe el comprobante de la transacción hecha para este depósito.',
      funds_not_received:
        'Estos fondos no llegaron a nuestra dirección. Espere a que la transacción esté confirmada en la red y vuelva a enviar la solicitud con su comprobante.',
      wrong_network:
        'La moneda o la red no corresponde a la dirección usada. Elija la moneda y la red de esa dirección y vuelva a enviar la solicitud.',
      address_invalid:
        'La dirección {{address}} no puede recibir {{crypto}}. Copie su dirección de recepción de {{crypto}} desde su billetera y vuelva a enviar la solicitud.',
      duplicate_request:
        'Esta solicitud duplica otra que ya recibimos. No tiene que hacer nada: la otra solicitud está en curso.',
      request_declined:
        'No podemos dar curso a esta solicitud. Esta decisión es definitiva; si tiene alguna pregunta, escriba a soporte.',
    },
    label: {
      proof_unreadable: 'Comprobante ilegible',
      amount_mismatch: 'Monto distinto del comprobante',
      proof_incomplete: 'Comprobante incompleto (falta dirección o identificador)',
      proof_reused: 'Comprobante ya usado',
      funds_not_received: 'Fondos no recibidos',
      wrong_network: 'Moneda o red equivocada',
      address_invalid: 'Dirección de retiro no válida',
      duplicate_request: 'Solicitud duplicada',
      compliance_screening: 'Cumplimiento: control (definitivo)',
      compliance_source_of_funds: 'Cumplimiento: origen de los fondos (definitivo)',
      compliance_other: 'Cumplimiento: otro motivo (definitivo)',
    },
    note: {
      proof_unreadable:
        'Imagen borrosa, recortada o demasiado pequeña para leer monto, fecha y dirección. El cliente puede reenviar.',
      amount_mismatch:
        'El monto declarado difiere del que figura en el comprobante. El cliente corrige el monto y reenvía.',
      proof_incomplete: 'No se ven ni la dirección de destino ni el hash de la transacción. El cliente puede reenviar.',
      proof_reused: 'La misma imagen ya se usó para otro depósito (ver «misma imagen»). El cliente puede reenviar.',
      funds_not_received:
        'Ninguna transacción correspondiente llegó a nuestras direcciones. El cliente puede reenviar más tarde.',
      wrong_network: 'Moneda o red distinta de la dirección. El cliente puede reenviar.',
      address_invalid:
        'La dirección no puede recibir esta moneda. El monto retenido se libera; el cliente puede reenviar.',
      duplicate_request: 'Hay otra solicitud idéntica en curso. No es posible una nueva versión.',
      compliance_screening:
        'Decisión de cumplimiento definitiva. El cliente solo ve un texto neutro; no es posible una nueva versión.',
      compliance_source_of_funds:
        'Origen de los fondos no justificado. El cliente solo ve un texto neutro; no es posible una nueva versión.',
      compliance_other:
        'Otra decisión de cumplimiento definitiva: indíquela en la nota interna. El cliente solo ve un texto neutro.',
    },
  },
};
