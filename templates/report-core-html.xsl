<?xml version="1.0" encoding="UTF-8"?>
<!--
  The HTML report of one run, the part every game shares: a single
  self-contained HTML5 page (inline CSS, no scripts, nothing fetched).
  This sheet gives the helpers (who, time, order-lines), what happened
  in the run (happened, the entries), what is pending from whom and until
  when with the queued orders (pending), the variants, and the base CSS
  (css-base).  Parameters, as for report-core-text.xsl:
    run         the run to report (default: the game's latest)
    viewer      a country id whose private events may show; empty for the
                public report
    secrecy-ruling
                the module's ruling that keeps a sealed pick secret
                (module.h secrecy_ruling), for the hook sealed-note
    game-title  the game's name for people

  The history may hold only the entries of the run reported (and the key
  entries), with history/@omitted counting the others (issue 20.8): a
  count of the history adds it.

  A game's own sheet (report-html.xsl for Age of Reason) imports this one
  and makes the page: it defines the key "country" (id to the element
  with @name), the template for match="/", the title, the state's
  sections, its CSS, and, if it likes, the hooks sealed-note,
  sealed-adjust and form-country.

  Privacy: an event with a to attribute shows only in that country's
  report; an entry marked sealed="yes" shows the sealed note instead of
  its order text and rejection reason, except in the report for the
  country that sent it.  Order comments are never shown.  Event texts are
  shown as they are, whatever their type, so new event types need no
  change here.
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="html" encoding="UTF-8" indent="yes"
      doctype-system="about:legacy-compat" media-type="text/html"/>
  <xsl:param name="run" select="/game/@run"/>
  <xsl:param name="viewer" select="''"/>
  <xsl:param name="secrecy-ruling" select="''"/>
  <xsl:param name="game-title" select="'Game'"/>

  <xsl:variable name="nl" select="'&#10;'"/>
  <xsl:variable name="game" select="/game"/>

  <!-- ============================== helpers ============================ -->

  <!-- A country's name with its colour dot. -->
  <xsl:template name="who">
    <xsl:param name="id"/>
    <span class="who">
      <span class="dot c-{$id}"></span>
      <xsl:value-of select="key('country', $id)/@name"/>
      <xsl:if test="not(key('country', $id))">
        <xsl:value-of select="$id"/>
      </xsl:if>
    </span>
  </xsl:template>

  <xsl:template name="time">
    <xsl:param name="t"/>
    <xsl:if test="$t != ''">
      <time datetime="{$t}">
        <xsl:value-of select="concat(substring($t, 1, 10), ' ', substring($t, 12, 5), ' UTC')"/>
      </time>
    </xsl:if>
  </xsl:template>

  <!-- The order lines of an order text: no STEP line, no comments, no
       blank lines. -->
  <xsl:template name="order-lines">
    <xsl:param name="text"/>
    <xsl:if test="$text != ''">
      <xsl:variable name="line">
        <xsl:choose>
          <xsl:when test="contains($text, $nl)"><xsl:value-of select="substring-before($text, $nl)"/></xsl:when>
          <xsl:otherwise><xsl:value-of select="$text"/></xsl:otherwise>
        </xsl:choose>
      </xsl:variable>
      <xsl:variable name="code">
        <xsl:choose>
          <xsl:when test="contains($line, '#')"><xsl:value-of select="normalize-space(substring-before($line, '#'))"/></xsl:when>
          <xsl:otherwise><xsl:value-of select="normalize-space($line)"/></xsl:otherwise>
        </xsl:choose>
      </xsl:variable>
      <xsl:variable name="first" select="translate(substring-before(concat($code, ' '), ' '), 'step', 'STEP')"/>
      <xsl:if test="$code != '' and $first != 'STEP'">
        <xsl:value-of select="concat($code, $nl)"/>
      </xsl:if>
      <xsl:call-template name="order-lines">
        <xsl:with-param name="text" select="substring-after($text, $nl)"/>
      </xsl:call-template>
    </xsl:if>
  </xsl:template>

  <!-- =========================== what happened ========================= -->

  <xsl:template name="happened">
    <section id="happened">
      <h2><xsl:value-of select="concat('What happened in run ', $run)"/></h2>
      <xsl:variable name="entries" select="$game/history/entry[@run = $run]"/>
      <xsl:apply-templates select="$entries"/>
      <xsl:if test="not($entries)">
        <p class="none">Nothing happened in this run.</p>
      </xsl:if>
    </section>
  </xsl:template>

  <xsl:template match="entry">
    <!-- A sealed entry keeps its secret from everyone but its sender. -->
    <xsl:variable name="sealed" select="@sealed = 'yes' and not($viewer != '' and $viewer = @country)"/>
    <article class="entry k-{@kind}">
      <div class="head">
        <span class="kind">
          <xsl:choose>
            <xsl:when test="@kind = 'order'">Order</xsl:when>
            <xsl:when test="@kind = 'rejected'">Rejected</xsl:when>
            <xsl:when test="@kind = 'default'">Default</xsl:when>
            <xsl:when test="@kind = 'adjust' or @kind = 'moderator'">Moderator</xsl:when>
            <xsl:when test="@kind = 'setup'">Setup</xsl:when>
            <xsl:otherwise><xsl:value-of select="@kind"/></xsl:otherwise>
          </xsl:choose>
        </span>
        <xsl:if test="@country">
          <xsl:call-template name="who"><xsl:with-param name="id" select="@country"/></xsl:call-template>
        </xsl:if>
        <xsl:if test="@step">
          <span class="step"><xsl:value-of select="concat('step ', @step)"/></span>
        </xsl:if>
        <!-- never the moderator's file names (issue 11) -->
        <xsl:if test="@sealed = 'yes' and not($sealed)">
          <span class="only">sealed: only you see this order</span>
        </xsl:if>
        <xsl:call-template name="time"><xsl:with-param name="t" select="@time"/></xsl:call-template>
      </div>
      <xsl:choose>
        <xsl:when test="(@kind = 'order' or @kind = 'rejected') and $sealed">
          <xsl:call-template name="sealed-note"/>
        </xsl:when>
        <xsl:when test="@kind = 'order' or @kind = 'rejected'">
          <xsl:variable name="lines">
            <xsl:call-template name="order-lines">
              <xsl:with-param name="text" select="text"/>
            </xsl:call-template>
          </xsl:variable>
          <xsl:if test="$lines != ''">
            <pre class="orders"><xsl:value-of select="substring($lines, 1, string-length($lines) - 1)"/></pre>
          </xsl:if>
        </xsl:when>
        <xsl:when test="@kind = 'adjust' and $sealed">
          <xsl:call-template name="sealed-adjust"/>
        </xsl:when>
        <xsl:when test="@kind = 'adjust'">
          <p class="adjust">Correction: <code><xsl:value-of select="normalize-space(text)"/></code></p>
        </xsl:when>
        <xsl:when test="@kind = 'default'">
          <p class="default">No order by the deadline; the default applies (R37).</p>
        </xsl:when>
        <xsl:when test="$sealed">
          <xsl:call-template name="sealed-note"/>
        </xsl:when>
      </xsl:choose>
      <xsl:if test="reason">
        <xsl:choose>
          <xsl:when test="$sealed">
            <p class="reason">The order was rejected; the reason is in that player's report.</p>
          </xsl:when>
          <xsl:otherwise>
            <p class="reason"><b>Rejected: </b><xsl:value-of select="reason"/></p>
          </xsl:otherwise>
        </xsl:choose>
      </xsl:if>
      <xsl:variable name="events" select="event[not(@to) or @to = $viewer]"/>
      <xsl:if test="$events">
        <ul class="events">
          <xsl:for-each select="$events">
            <li class="ev ev-{@type}">
              <span class="etype"><xsl:value-of select="@type"/></span>
              <span class="etext">
                <xsl:value-of select="."/>
                <xsl:if test="@to">
                  <span class="only"> only you see this</span>
                </xsl:if>
              </span>
            </li>
          </xsl:for-each>
        </ul>
      </xsl:if>
    </article>
  </xsl:template>

  <!--
    Hooks a game's sheet may define, called with an entry as the context:
    what stands for a sealed order, and for a sealed adjustment.
  -->
  <xsl:template name="sealed-note">
    <p class="sealed">(sealed until it is revealed)</p>
  </xsl:template>
  <xsl:template name="sealed-adjust">
    <p class="adjust">A correction; it is in that player's report.</p>
  </xsl:template>
  <!-- The side as the order form's COUNTRY line writes it (a decision). -->
  <xsl:template name="form-country">
    <xsl:value-of select="key('country', @country)/@name"/>
  </xsl:template>

  <!-- ============================== pending ============================ -->

  <xsl:template name="pending">
    <section id="pending">
      <h2>Pending</h2>
      <xsl:choose>
        <xsl:when test="$game/pending/decision">
          <table class="pending">
            <thead>
              <tr><th class="l">Step</th><th class="l">From</th><th class="l">Decision</th><th class="l">Deadline</th></tr>
            </thead>
            <tbody>
              <xsl:for-each select="$game/pending/decision">
                <tr>
                  <xsl:if test="@country = $viewer"><xsl:attribute name="class">you</xsl:attribute></xsl:if>
                  <td class="l"><code><xsl:value-of select="@step"/></code></td>
                  <td class="l">
                    <xsl:call-template name="who"><xsl:with-param name="id" select="@country"/></xsl:call-template>
                    <xsl:variable name="p" select="$game/players/player[@country = current()/@country]"/>
                    <xsl:if test="$p"><span class="player"><xsl:value-of select="concat(' (', $p/@name, ')')"/></span></xsl:if>
                  </td>
                  <td class="l"><xsl:value-of select="@what"/>
                    <xsl:if test="choice">
                      <div class="form">Your order form (sign it and send it to the moderator):
<pre class="orders"><xsl:value-of select="concat('GAME ', $game/@id, '&#10;COUNTRY ')"/><xsl:call-template name="form-country"/><xsl:value-of select="concat('&#10;STEP ', @step, '&#10;# one of:')"/><xsl:for-each select="choice"><xsl:value-of select="concat('&#10;#   ', .)"/></xsl:for-each></pre>
                      </div>
                    </xsl:if>
                  </td>
                  <td class="l">
                    <xsl:call-template name="time"><xsl:with-param name="t" select="@deadline"/></xsl:call-template>
                    <xsl:if test="not(@deadline)">none set</xsl:if>
                  </td>
                </tr>
              </xsl:for-each>
            </tbody>
          </table>
        </xsl:when>
        <xsl:otherwise>
          <p>Nothing: the game is over.</p>
        </xsl:otherwise>
      </xsl:choose>
      <p class="queue">
        <xsl:choose>
          <xsl:when test="count($game/queue/order) + sum($game/queue/@waiting) = 1">1 order waits for its step.</xsl:when>
          <xsl:when test="count($game/queue/order) + sum($game/queue/@waiting) &gt; 1">
            <xsl:value-of select="concat(count($game/queue/order) + sum($game/queue/@waiting), ' orders wait for their step.')"/>
          </xsl:when>
          <xsl:otherwise>No orders wait in the queue.</xsl:otherwise>
        </xsl:choose>
        <xsl:if test="$game/settings/@deadline-hours">
          <xsl:value-of select="concat(' Each step has a deadline of ', $game/settings/@deadline-hours, ' hours.')"/>
        </xsl:if>
      </p>
    </section>
  </xsl:template>

  <xsl:template name="variants">
    <section id="variants">
      <h2>Variants in force</h2>
      <xsl:choose>
        <xsl:when test="$game/variants/variant">
          <ul class="variants">
            <xsl:for-each select="$game/variants/variant">
              <li>
                <code><xsl:value-of select="@name"/></code>
                <xsl:if test="@ruling"><xsl:value-of select="concat(' (', @ruling, ')')"/></xsl:if>
                <xsl:if test="@meaning"><xsl:value-of select="concat(': ', @meaning)"/></xsl:if>
              </li>
            </xsl:for-each>
          </ul>
        </xsl:when>
        <xsl:otherwise><p>None: the standard rules and rulings.</p></xsl:otherwise>
      </xsl:choose>
    </section>
  </xsl:template>

  <!-- ================================ CSS ============================== -->

  <!-- The page, the entries, the tables; a game's css template adds its own. -->
  <xsl:template name="css-base">
    <xsl:text>
:root { --ink: #1d2430; --muted: #5b6470; --paper: #ffffff; --line: #ddd5c3; }
* { box-sizing: border-box; }
body { margin: 0; background: #efece4; color: var(--ink);
  font: 15px/1.45 "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; }
header.top { background: #26324a; color: #fff; padding: 18px 28px 12px; }
header.top h1 { margin: 0; font-size: 24px; }
header.top .sub { margin: 4px 0 8px; color: #cfd6e4; }
header.top nav a { color: #fff; margin-right: 16px; font-size: 13px;
  text-decoration: none; border-bottom: 1px dotted #9fb0cf; }
header.top .private-note { display: inline-block; background: #b3261e;
  color: #fff; padding: 3px 10px; border-radius: 4px; margin: 0 0 8px; }
header.top .winner { font-size: 18px; margin: 0 0 8px; }
main { max-width: 1160px; margin: 0 auto; padding: 14px 18px 8px; }
section { background: var(--paper); border: 1px solid var(--line);
  border-radius: 10px; padding: 12px 20px 16px; margin: 14px 0; }
h2 { font-size: 19px; margin: 2px 0 10px; padding-bottom: 6px;
  border-bottom: 2px solid #e9e2d2; }
h3 { font-size: 16px; margin: 14px 0 6px; }
footer { max-width: 1160px; margin: 0 auto 24px; padding: 0 20px;
  color: var(--muted); font-size: 12px; word-break: break-all; }
code, pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; }
.note, .npc, .queue, .auction { color: var(--muted); font-size: 14px; }
.none { color: var(--muted); font-style: italic; }

.who { display: inline-flex; align-items: center; gap: 5px; font-weight: 600;
  white-space: nowrap; }
.dot { display: inline-block; width: 12px; height: 12px; border-radius: 50%;
  border: 1.5px solid #222; background: #9e9e9e; }

.entry { border-left: 4px solid #b9ad93; background: #fbfaf6;
  padding: 6px 12px 6px; margin: 8px 0; border-radius: 0 6px 6px 0; }
.entry .head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; }
.entry .kind { font-size: 11px; font-weight: 700; text-transform: uppercase;
  letter-spacing: .06em; padding: 1px 7px; border-radius: 3px;
  background: #e6dfcf; color: #4b4232; }
.entry .step { font-family: "DejaVu Sans Mono", monospace; font-size: 13px; }
.entry .src, .entry time { color: var(--muted); font-size: 13px; }
.entry time { margin-left: auto; }
.k-order { border-left-color: #3b6fb6; }
.k-order .kind { background: #dbe6f6; color: #1d3f73; }
.k-rejected { border-left-color: #c0392b; background: #fdf5f4; }
.k-rejected .kind { background: #f6d5d1; color: #8e1f14; }
.k-default { border-left-color: #8a8a8a; }
.k-adjust { border-left-color: #7b4fa6; }
.k-adjust .kind { background: #e9def4; color: #4f2a73; }
.k-moderator { border-left-color: #7b4fa6; }
.k-moderator .kind { background: #e9def4; color: #4f2a73; }
.k-setup { border-left-color: #2d8a7a; }
.k-setup .kind { background: #d5eeea; color: #1a5a4f; }
pre.orders { background: #eef1f6; border-radius: 4px; padding: 5px 10px;
  margin: 6px 0; white-space: pre-wrap; }
.sealed { font-style: italic; color: #6b4e16; background: #fbf1d9;
  display: inline-block; padding: 2px 10px; border-radius: 4px; margin: 6px 0; }
.reason { color: #8e1f14; margin: 6px 0; }
.adjust, .default { margin: 6px 0; }
ul.events { list-style: none; margin: 4px 0 2px; padding: 0; }
ul.events li { display: grid; grid-template-columns: 6.5em 1fr; gap: 10px;
  padding: 1px 0; }
.etype { font-family: "DejaVu Sans Mono", monospace; font-size: 11.5px;
  color: #8b8272; text-align: right; padding-top: 2px; overflow: hidden;
  text-overflow: ellipsis; }
.only { font-size: 11px; background: #b3261e; color: #fff; border-radius: 3px;
  padding: 0 5px; margin-left: 6px; }

table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: 6px 10px; border-bottom: 1px solid #ece6d8; text-align: right; }
th { background: #f3efe5; font-size: 13px; font-weight: 600; color: #4b4232; }
.l { text-align: left; }
tbody tr:nth-child(even) { background: #fbfaf6; }
tr.you td { background: #fff6d6; }
</xsl:text>
  </xsl:template>
</xsl:stylesheet>
