import { PRIVACY_POLICY_VERSION } from '../../../shared/policy.ts';
import { appConfig } from '../../app/app-config.ts';
import { Page } from '../../app/page.tsx';
import { Link } from '../../app/router.tsx';
import './privacy-policy.css';

// The data-processing policy (Ley 1581 de 2012, Decreto 1377 de 2013 compiled in Decreto 1074 de 2015),
// served at /politica-de-datos and linked from the registration consent box.

/** '2026-11-22' → '22 de noviembre de 2026'; any other shape is shown as it is. */
function formatVersionDate(version: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(version);
  if (!match) return version;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return version;
  return new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

function PrivacyMailLink() {
  const email = appConfig.privacyEmail;
  if (!email) return <>el buzón de privacidad indicado en la aplicación</>;
  return <a href={`mailto:${email}`}>{email}</a>;
}

export default function PrivacyPolicyPage() {
  const brand = appConfig.brandName;
  const effectiveDate = formatVersionDate(PRIVACY_POLICY_VERSION);
  const { companyName, companyNit, companyAddress } = appConfig;

  return (
    <Page title="Política de datos">
      <div className="prose">
        <h1>Política de tratamiento de datos personales</h1>
        <p>
          Versión {PRIVACY_POLICY_VERSION}, vigente desde el {effectiveDate}.
        </p>
        <p>
          En {brand} respetamos tu privacidad. Esta política explica qué datos personales tratamos, para qué
          lo hacemos y cómo puedes ejercer tus derechos. La adoptamos en cumplimiento de la Ley Estatutaria
          1581 de 2012 y del Decreto 1377 de 2013, hoy compilado en el Decreto Único Reglamentario 1074 de
          2015, y de las normas que los modifiquen o complementen.
        </p>

        <section>
          <h2>Responsable del tratamiento</h2>
          <p>
            El responsable del tratamiento de tus datos personales es {companyName}
            {companyNit && <>, NIT&nbsp;{companyNit}</>}
            {companyAddress && <>, con domicilio en {companyAddress}</>}, que bajo la marca {brand} presta el
            servicio de casillero en Estados Unidos y reenvío de paquetes a Latinoamérica.
          </p>
          <p>
            Para cualquier asunto sobre tus datos personales, incluido el ejercicio de tus derechos,
            escríbenos a <PrivacyMailLink />. Este buzón es el canal que hemos designado para atender
            consultas y reclamos.
          </p>
        </section>

        <section>
          <h2>Datos que recolectamos</h2>
          <ul>
            <li>
              <strong>Identificación:</strong> nombre completo y número de cédula.
            </li>
            <li>
              <strong>Contacto:</strong> correo electrónico y número de teléfono.
            </li>
            <li>
              <strong>Direcciones de entrega:</strong> hasta dos direcciones, con su ciudad y código postal.
            </li>
            <li>
              <strong>Cuenta:</strong> número de casillero, código de referido, código de quien te invitó (si
              lo hubo) y fecha de creación. Tu contraseña se guarda solo como un resumen cifrado irreversible:
              nadie puede leerla.
            </li>
            <li>
              <strong>Prueba de tu autorización:</strong> la fecha y hora en que aceptaste esta política, la
              versión aceptada, y la dirección IP y el navegador desde los que la aceptaste.
            </li>
            <li>
              <strong>Envíos:</strong> los datos de los paquetes que llegan a tu casillero (remitente, número
              de guía, peso, medidas y contenido declarado) y la dirección e instrucciones que nos indicas al
              notificar un paquete.
            </li>
            <li>
              <strong>Datos técnicos:</strong> las cookies estrictamente necesarias para mantener tu sesión
              iniciada.
            </li>
          </ul>
          <p>
            No te pedimos datos sensibles, como los relativos a tu salud, origen racial o étnico, orientación
            política o convicciones religiosas. Te pedimos no incluirlos en las instrucciones de tus envíos.
          </p>
        </section>

        <section>
          <h2>Tu autorización</h2>
          <p>
            Al marcar la casilla «Acepto la política de privacidad» en el formulario de registro nos das tu
            autorización previa, expresa e informada para tratar tus datos conforme a esta política.
            Conservamos la prueba de esa autorización mientras tratemos tus datos, y puedes pedirnos una copia
            en cualquier momento.
          </p>
        </section>

        <section>
          <h2>Finalidades del tratamiento</h2>
          <p>Usamos tus datos solo para:</p>
          <ul>
            <li>
              Crear y administrar tu cuenta y tu casillero: asignarte un número de casillero y la dirección de
              nuestra oficina en Estados Unidos, verificar tu correo y permitirte restablecer tu contraseña.
            </li>
            <li>
              Recibir en nuestra oficina los paquetes dirigidos a tu casillero, identificarlos y reenviarlos a
              la dirección de entrega que elijas, incluidos los trámites de transporte y aduana y el cobro del
              envío contra entrega.
            </li>
            <li>
              Contactarte por correo electrónico, teléfono o WhatsApp sobre tus envíos: llegada, despacho,
              novedades y entrega.
            </li>
            <li>
              Gestionar el programa de referidos: generar tu código y tu enlace de invitación, y registrar
              quién te invitó para reconocer el beneficio que corresponda a quien refiere.
            </li>
            <li>
              Cumplir nuestras obligaciones legales, contables, tributarias y aduaneras, y atender los
              requerimientos de las autoridades competentes.
            </li>
            <li>
              Proteger la seguridad del servicio y de tu cuenta: prevenir fraudes, accesos no autorizados y
              registros automatizados, y conservar la prueba de tu autorización.
            </li>
          </ul>
          <p>
            No vendemos tus datos ni los usamos para publicidad de terceros. Si necesitáramos usarlos para una
            finalidad distinta, te pediremos una nueva autorización.
          </p>
        </section>

        <section>
          <h2>Tus derechos como titular</h2>
          <p>De acuerdo con el artículo 8 de la Ley 1581 de 2012, tienes derecho a:</p>
          <ul>
            <li>
              Conocer, actualizar y rectificar tus datos personales, en especial si son parciales, inexactos,
              incompletos, fraccionados o inducen a error.
            </li>
            <li>Solicitar prueba de la autorización que nos otorgaste.</li>
            <li>Ser informado, previa solicitud, del uso que le hemos dado a tus datos.</li>
            <li>
              Revocar la autorización y solicitar la supresión de tus datos, salvo cuando exista un deber
              legal o contractual que obligue a conservarlos.
            </li>
            <li>
              Presentar quejas ante la Superintendencia de Industria y Comercio (SIC) por infracciones a la
              ley, después de haber agotado el trámite de consulta o reclamo ante nosotros.
            </li>
            <li>
              Acceder gratuitamente a tus datos personales, al menos una vez al mes y cada vez que
              modifiquemos sustancialmente esta política.
            </li>
          </ul>
        </section>

        <section>
          <h2>Cómo ejercer tus derechos</h2>
          <p>Puedes ejercer tus derechos de dos maneras, sin ningún costo:</p>
          <ul>
            <li>
              <strong>Desde la aplicación:</strong> en la pantalla «Mis datos» de tu casillero puedes
              consultar los datos que tenemos sobre ti, actualizarlos o corregirlos, y solicitar la supresión
              de tu cuenta.
            </li>
            <li>
              <strong>Por correo electrónico:</strong> escribe a <PrivacyMailLink /> indicando tu nombre
              completo y tu cédula, si se trata de una consulta o de un reclamo, la descripción de lo que
              solicitas, el medio por el que quieres recibir la respuesta y, si lo deseas, los documentos que
              quieras hacer valer.
            </li>
          </ul>
          <p>
            Pueden presentar solicitudes el titular, sus causahabientes, su representante o un apoderado que
            acredite esa calidad. Para proteger tus datos podemos pedirte que confirmes tu identidad antes de
            responder, por ejemplo escribiendo desde el correo registrado en tu cuenta.
          </p>
        </section>

        <section>
          <h2>Plazos de respuesta</h2>
          <ul>
            <li>
              <strong>Consultas</strong> (para conocer tus datos o el uso que les damos): las respondemos en
              un máximo de diez (10) días hábiles contados desde la fecha en que las recibimos. Si no fuera
              posible, te informaremos antes del vencimiento los motivos de la demora y la fecha de respuesta,
              que no superará cinco (5) días hábiles adicionales.
            </li>
            <li>
              <strong>Reclamos</strong> (para corregir, actualizar o suprimir tus datos, revocar la
              autorización o advertir un incumplimiento): los resolvemos en un máximo de quince (15) días
              hábiles contados desde el día siguiente a la fecha en que los recibimos. Si no fuera posible, te
              informaremos antes del vencimiento los motivos y la fecha de respuesta, que no superará ocho (8)
              días hábiles adicionales.
            </li>
          </ul>
          <p>
            Si un reclamo está incompleto, te pediremos dentro de los cinco (5) días siguientes a su recepción
            que completes la información; si pasan dos (2) meses sin que lo hagas, entenderemos que has
            desistido del reclamo. Mientras lo resolvemos, tus datos llevarán la leyenda «reclamo en trámite»,
            que incluiremos en un máximo de dos (2) días hábiles.
          </p>
        </section>

        <section>
          <h2>Transferencia internacional de datos</h2>
          <p>
            Nuestro servicio funciona a través de una oficina en Hialeah, Florida (Estados Unidos), donde
            recibimos los paquetes dirigidos a tu casillero. Por eso tu nombre, número de casillero, teléfono
            y dirección de entrega, junto con los datos de cada paquete, también se tratan en Estados Unidos
            para recibir, identificar y despachar tus envíos.
          </p>
          <p>
            Esta transferencia es necesaria para ejecutar el servicio que contrataste y la realizamos con la
            autorización expresa que nos das al registrarte, conforme al artículo 26 de la Ley 1581 de 2012.
          </p>
          <p>
            También pueden tratar tus datos, por cuenta nuestra y solo para las finalidades de esta política,
            nuestros proveedores de alojamiento y de correo electrónico, y las empresas de transporte y
            agentes de aduana que intervienen en la entrega. Les exigimos confidencialidad y medidas de
            seguridad adecuadas.
          </p>
        </section>

        <section>
          <h2>Medidas de seguridad</h2>
          <ul>
            <li>Las comunicaciones entre tu navegador y nuestros servidores viajan cifradas.</li>
            <li>
              Las contraseñas se guardan con un algoritmo de resumen robusto (argon2id); nadie en nuestro
              equipo puede verlas.
            </li>
            <li>
              Cada cliente solo accede a sus propios datos, y solo los administradores autorizados pueden
              consultar la lista de casilleros.
            </li>
            <li>Usamos sesiones protegidas y un captcha que dificulta los registros automatizados.</li>
            <li>
              Revisamos estas medidas periódicamente y, si ocurriera un incidente que comprometa tus datos, lo
              informaremos a la Superintendencia de Industria y Comercio y a las personas afectadas.
            </li>
          </ul>
        </section>

        <section>
          <h2>Datos de niños, niñas y adolescentes</h2>
          <p>
            Nuestro servicio está dirigido a personas mayores de edad: para registrarte necesitas una cédula.
            No recolectamos a sabiendas datos de menores de 18 años. Si un menor llegara a usar el servicio,
            deberá hacerlo a través de su representante legal, y trataremos sus datos respetando su interés
            superior y sus derechos fundamentales, como exige el artículo 7 de la Ley 1581 de 2012. Si sabes
            que un menor nos dio sus datos sin esa autorización, escríbenos y los suprimiremos.
          </p>
        </section>

        <section>
          <h2>Conservación de los datos</h2>
          <p>
            Tratamos tus datos mientras tengas tu casillero activo. Si solicitas la supresión de tu cuenta,
            borraremos o anonimizaremos tus datos, salvo los que debamos conservar por obligación legal (por
            ejemplo, registros contables, tributarios o aduaneros de envíos ya realizados) o para atender
            reclamaciones, y solo durante el tiempo que esas normas exijan.
          </p>
        </section>

        <section>
          <h2>Vigencia y cambios de esta política</h2>
          <p>
            Esta política rige desde el {effectiveDate} (versión {PRIVACY_POLICY_VERSION}) y estará vigente
            mientras prestemos el servicio. Si hacemos cambios sustanciales, te los comunicaremos antes de
            aplicarlos y, cuando cambien las finalidades del tratamiento, te pediremos una nueva autorización.
            Guardamos la versión que aceptaste al registrarte.
          </p>
        </section>

        <p>
          <Link to="/">Volver al inicio</Link>
        </p>
      </div>
    </Page>
  );
}
