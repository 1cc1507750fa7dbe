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
        'Cette demande fait double emploi avec une autre demande déjà reçue. Vous n’avez rien à faire\u00a0: l’autre demande est traitée.',
      identity_document_unreadable:
        'Nous ne pouvons pas lire votre pièce d’identité. Reprenez la photo à plat, sans reflet ni flou, avec les quatre coins visibles, puis renvoyez-la.',
      identity_document_expired:
        'Votre pièce d’identité a expiré. Envoyez une pièce en cours de validité et saisissez sa nouvelle date d’expiration.',
      identity_document_incomplete:
        'Une face de la pièce manque ou est coupée. Envoyez le recto et le verso en entier, chacun sur sa propre photo.',
      identity_document_not_accepted:
        'Ce document n’est pas accepté. Envoyez une carte d’identité, un passeport, un titre de séjour ou un permis de conduire original (ni copie ni photo d’écran).',
      identity_details_mismatch:
        'Le numéro ou la date d’expiration saisis ne correspondent pas à la pièce. Recopiez-les exactement tels qu’ils figurent sur le document.',
      identity_selfie_mismatch:
        'Votre selfie ne permet pas de vous reconnaître sur la pièce. Prenez un selfie de face, visage découvert et bien éclairé, en tenant la pièce à côté de votre visage.',
      identity_address_too_old:
        'Votre justificatif de domicile date de plus de 3 mois. Envoyez une facture, un avis d’imposition ou une quittance de moins de 3 mois.',
      identity_address_name_mismatch:
        'Le nom sur le justificatif de domicile n’est pas celui de votre compte. Envoyez un justificatif à votre nom, ou une attestation d’hébergement avec la pièce d’identité de l’hébergeant.',
      request_declined:
        'Nous ne pouvons pas donner suite à cette demande. Cette décision est définitive\u00a0; pour toute question, écrivez au support.',
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
      identity_document_unreadable: 'Document illisible',
      identity_document_expired: 'Document expiré',
      identity_document_incomplete: 'Recto ou verso manquant ou coupé',
      identity_document_not_accepted: 'Type de document non accepté',
      identity_details_mismatch: 'Numéro ou date différents du document',
      identity_selfie_mismatch: 'Le selfie ne correspond pas',
      identity_address_too_old: 'Justificatif de domicile de plus de 3 mois',
      identity_address_name_mismatch: 'Nom différent sur le justificatif de domicile',
      compliance_screening: 'Conformité\u00a0: filtrage (définitif)',
      compliance_source_of_funds: 'Conformité\u00a0: origine des fonds (définitif)',
      compliance_document_fraud: 'Conformité\u00a0: document falsifié ou d’un tiers (définitif)',
      compliance_other: 'Conformité\u00a0: autre motif (définitif)',
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
        'L’adresse ne peut pas recevoir cette monnaie. Le montant bloqué revient\u00a0; le client peut renvoyer.',
      duplicate_request: 'Une autre demande identique est en cours. Pas de nouvelle version possible.',
      identity_document_unreadable:
        'Photo floue, avec reflets ou coupée\u00a0: le nom, la photo ou le numéro ne se lisent pas. Le client peut renvoyer.',
      identity_document_expired:
        'La date d’expiration lue sur le document est passée. Le client envoie une pièce valide.',
      identity_document_incomplete: 'Il manque une face, ou une face est coupée. Le client peut renvoyer.',
      identity_document_not_accepted:
        'Copie, photo d’écran ou document non officiel. Le client envoie un original accepté.',
      identity_details_mismatch:
        'Le numéro ou la date saisis diffèrent de ceux lus sur la pièce. Le client corrige et renvoie.',
      identity_selfie_mismatch: 'Visage différent, masqué ou pièce non tenue sur le selfie. Le client peut renvoyer.',
      identity_address_too_old: 'Justificatif daté de plus de 3 mois. Le client envoie un justificatif récent.',
      identity_address_name_mismatch:
        'Le nom du justificatif diffère du nom du compte. Le client envoie un justificatif à son nom ou une attestation d’hébergement.',
      compliance_screening:
        'Décision de conformité définitive. Le client ne voit qu’un texte neutre\u00a0; aucune nouvelle version possible.',
      compliance_source_of_funds:
        'Origine des fonds non justifiée. Le client ne voit qu’un texte neutre\u00a0; aucune nouvelle version possible.',
      compliance_document_fraud:
        'Document falsifié, ou pièce d’une autre personne (voir « même image »). Le client ne voit qu’un texte neutre\u00a0; aucune nouvelle version possible.',
      compliance_other:
        'Autre décision de conformité définitive\u00a0: précisez-la dans la note interne. Le client ne voit qu’un texte neutre.',
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
      identity_document_unreadable:
        'We cannot read your identity document. Take the photo again flat, without glare or blur, with all four corners visible, then send it again.',
      identity_document_expired:
        'Your identity document has expired. Send a document that is still valid and enter its new expiry date.',
      identity_document_incomplete:
        'A side of the document is missing or cut off. Send the whole front and the whole back, each in its own photo.',
      identity_document_not_accepted:
        'This document is not accepted. Send an original identity card, passport, residence permit or driving licence (no copy, no photo of a screen).',
      identity_details_mismatch:
        'The number or expiry date you entered does not match the document. Copy them exactly as they appear on it.',
      identity_selfie_mismatch:
        'We cannot recognise you from your selfie. Take a selfie facing the camera, face uncovered and well lit, holding the document next to your face.',
      identity_address_too_old:
        'Your proof of address is more than 3 months old. Send a bill, tax notice or rent receipt from the last 3 months.',
      identity_address_name_mismatch:
        'The name on the proof of address is not the one on your account. Send a proof in your name, or a letter from your host with their identity document.',
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
      identity_document_unreadable: 'Document unreadable',
      identity_document_expired: 'Document expired',
      identity_document_incomplete: 'Front or back missing or cut off',
      identity_document_not_accepted: 'Document type not accepted',
      identity_details_mismatch: 'Number or date differs from the document',
      identity_selfie_mismatch: 'Selfie does not match',
      identity_address_too_old: 'Proof of address older than 3 months',
      identity_address_name_mismatch: 'Different name on the proof of address',
      compliance_screening: 'Compliance: screening (final)',
      compliance_source_of_funds: 'Compliance: source of funds (final)',
      compliance_document_fraud: 'Compliance: forged or third-party document (final)',
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
      identity_document_unreadable:
        'Blurred, glare or cropped photo: name, photo or number cannot be read. The client may resend.',
      identity_document_expired: 'The expiry date read on the document has passed. The client sends a valid document.',
      identity_document_incomplete: 'A side is missing or cut off. The client may resend.',
      identity_document_not_accepted:
        'Copy, photo of a screen or unofficial document. The client sends an accepted original.',
      identity_details_mismatch:
        'The number or date entered differs from the document. The client corrects and resends.',
      identity_selfie_mismatch:
        'Different or hidden face, or the document is not held in the selfie. The client may resend.',
      identity_address_too_old: 'Proof dated more than 3 months ago. The client sends a recent one.',
      identity_address_name_mismatch:
        'The name on the proof differs from the account. The client sends a proof in their name or a host letter.',
      compliance_screening: 'Final compliance decision. The client only sees a neutral text; no new version possible.',
      compliance_source_of_funds:
        'Source of funds not justified. The client only sees a neutral text; no new version possible.',
      compliance_document_fraud:
        'Forged document, or another person\'s document (see "same image"). The client only sees a neutral text; no new version possible.',
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
      identity_document_unreadable:
        'No podemos leer su documento de identidad. Vuelva a fotografiarlo sobre una superficie plana, sin reflejos ni desenfoque y con las cuatro esquinas visibles, y envíelo de nuevo.',
      identity_document_expired:
        'Su documento de identidad ha caducado. Envíe un documento vigente e indique su nueva fecha de caducidad.',
      identity_document_incomplete:
        'Falta una cara del documento o está cortada. Envíe el anverso y el reverso completos, cada uno en su propia foto.',
      identity_document_not_accepted:
        'Este documento no se acepta. Envíe un documento de identidad, pasaporte, permiso de residencia o permiso de conducir original (ni copia ni foto de una pantalla).',
      identity_details_mismatch:
        'El número o la fecha de caducidad indicados no coinciden con el documento. Cópielos exactamente como figuran en él.',
      identity_selfie_mismatch:
        'No podemos reconocerle en su selfi. Hágase un selfi de frente, con el rostro descubierto y bien iluminado, sosteniendo el documento junto a su cara.',
      identity_address_too_old:
        'Su justificante de domicilio tiene más de 3 meses. Envíe una factura, una notificación de impuestos o un recibo de alquiler de los últimos 3 meses.',
      identity_address_name_mismatch:
        'El nombre del justificante de domicilio no es el de su cuenta. Envíe un justificante a su nombre, o un certificado de su anfitrión con su documento de identidad.',
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
      identity_document_unreadable: 'Documento ilegible',
      identity_document_expired: 'Documento caducado',
      identity_document_incomplete: 'Falta el anverso o el reverso, o está cortado',
      identity_document_not_accepted: 'Tipo de documento no aceptado',
      identity_details_mismatch: 'Número o fecha distintos del documento',
      identity_selfie_mismatch: 'El selfi no coincide',
      identity_address_too_old: 'Justificante de domicilio de más de 3 meses',
      identity_address_name_mismatch: 'Nombre distinto en el justificante de domicilio',
      compliance_screening: 'Cumplimiento: control (definitivo)',
      compliance_source_of_funds: 'Cumplimiento: origen de los fondos (definitivo)',
      compliance_document_fraud: 'Cumplimiento: documento falsificado o de un tercero (definitivo)',
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
      identity_document_unreadable:
        'Foto borrosa, con reflejos o recortada: no se leen el nombre, la foto o el número. El cliente puede reenviar.',
      identity_document_expired:
        'La fecha de caducidad leída en el documento ha pasado. El cliente envía un documento vigente.',
      identity_document_incomplete: 'Falta una cara o está cortada. El cliente puede reenviar.',
      identity_document_not_accepted:
        'Copia, foto de pantalla o documento no oficial. El cliente envía un original aceptado.',
      identity_details_mismatch: 'El número o la fecha indicados difieren del documento. El cliente corrige y reenvía.',
      identity_selfie_mismatch:
        'Rostro distinto u oculto, o el documento no aparece en el selfi. El cliente puede reenviar.',
      identity_address_too_old: 'Justificante de hace más de 3 meses. El cliente envía uno reciente.',
      identity_address_name_mismatch:
        'El nombre del justificante difiere del de la cuenta. El cliente envía uno a su nombre o un certificado de su anfitrión.',
      compliance_screening:
        'Decisión de cumplimiento definitiva. El cliente solo ve un texto neutro; no es posible una nueva versión.',
      compliance_source_of_funds:
        'Origen de los fondos no justificado. El cliente solo ve un texto neutro; no es posible una nueva versión.',
      compliance_document_fraud:
        'Documento falsificado o de otra persona (ver «misma imagen»). El cliente solo ve un texto neutro; no es posible una nueva versión.',
      compliance_other:
        'Otra decisión de cumplimiento definitiva: indíquela en la nota interna. El cliente solo ve un texto neutro.',
    },
  },
};
