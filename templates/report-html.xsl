<?xml version="1.0" encoding="UTF-8"?>
<!--
  The HTML report of one run: a single self-contained HTML5 page (inline
  CSS and inline SVG, no scripts, nothing fetched) with what happened in
  the run, the standings, the alliance display, the board map and the
  tracks, the action boxes, what is pending from whom and until when, the
  queued orders, the variants and, in a private report only, the
  viewer's hand and discard pile.  Parameters, as for report-text.xsl:
    run     the run to report (default: the game's latest)
    viewer  a country id whose private events and cards may show; empty
            for the public report

  Privacy: an event with a to attribute shows only in that country's
  report; an entry marked sealed="yes" shows "(sealed until the combat is
  revealed)" instead of its order text and rejection reason, except in
  the report for the country that sent it (as report-text.xsl does).
  Order comments are never shown.  Event texts are shown as they are,
  whatever their type, so new event types need no change here.

  The board pictures come from board-svg.xsl, imported below.
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:svg="http://www.w3.org/2000/svg"
    exclude-result-prefixes="svg">
  <xsl:import href="board-svg.xsl"/>
  <xsl:output method="html" encoding="UTF-8" indent="yes"
      doctype-system="about:legacy-compat" media-type="text/html"/>
  <xsl:param name="run" select="/game/@run"/>
  <xsl:param name="viewer" select="''"/>

  <xsl:variable name="nl" select="'&#10;'"/>
  <xsl:key name="country" match="/game/ruleset/countries/country" use="@id"/>
  <xsl:key name="box" match="/game/ruleset/boxes/box" use="@id"/>

  <xsl:template match="/">
    <xsl:call-template name="svg-need-layout"/>
    <xsl:variable name="title">
      <xsl:value-of select="concat('Age of Reason, game ', $game/@id, ': run ', $run)"/>
      <xsl:if test="$viewer != ''">
        <xsl:value-of select="concat(' (', key('country', $viewer)/@name, ')')"/>
      </xsl:if>
    </xsl:variable>
    <html lang="en">
      <head>
        <!-- libxslt adds the charset meta element itself. -->
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title><xsl:value-of select="$title"/></title>
        <!-- An empty icon, so that no browser goes looking for one. -->
        <link rel="icon" href="data:,"/>
        <style>
          <xsl:call-template name="css"/>
        </style>
      </head>
      <body>
        <header class="top">
          <h1><xsl:value-of select="concat('Age of Reason, game ', $game/@id)"/></h1>
          <p class="sub">
            <xsl:value-of select="concat('Report of run ', $run)"/>
            <xsl:text> · </xsl:text>
            <xsl:call-template name="svg-turn-line"/>
            <xsl:text> · </xsl:text>
            <xsl:value-of select="$rs/@name"/>
          </p>
          <xsl:if test="$viewer != ''">
            <p class="private-note">
              <xsl:value-of select="concat('Private report for ', key('country', $viewer)/@name, ' (', $game/players/player[@country = $viewer]/@name, '): do not forward.')"/>
            </p>
          </xsl:if>
          <xsl:for-each select="$st/winner">
            <p class="winner">
              <xsl:text>Winner: </xsl:text>
              <xsl:call-template name="who"><xsl:with-param name="id" select="@country"/></xsl:call-template>
            </p>
          </xsl:for-each>
          <nav>
            <a href="#happened">What happened</a>
            <a href="#standings">Standings</a>
            <a href="#alliances">Alliances</a>
            <a href="#board">Board</a>
            <a href="#boxes">Action boxes</a>
            <a href="#pending">Pending</a>
            <a href="#variants">Variants</a>
            <xsl:if test="$viewer != ''"><a href="#private">Your hand</a></xsl:if>
          </nav>
        </header>
        <main>
          <xsl:call-template name="happened"/>
          <xsl:call-template name="standings"/>
          <xsl:call-template name="alliances"/>
          <section id="board">
            <h2>Board</h2>
            <xsl:call-template name="board-svg-map">
              <xsl:with-param name="class" select="'board'"/>
            </xsl:call-template>
            <xsl:call-template name="board-svg-tracks">
              <xsl:with-param name="class" select="'board tracks'"/>
            </xsl:call-template>
            <xsl:call-template name="board-table"/>
          </section>
          <section id="boxes">
            <h2>Action boxes</h2>
            <xsl:call-template name="board-svg-boxes">
              <xsl:with-param name="class" select="'board'"/>
            </xsl:call-template>
            <xsl:call-template name="boxes-list"/>
          </section>
          <xsl:call-template name="pending"/>
          <xsl:call-template name="variants"/>
          <xsl:if test="$viewer != ''">
            <xsl:call-template name="private"/>
          </xsl:if>
        </main>
        <footer>
          <xsl:text>Game created </xsl:text>
          <xsl:call-template name="time"><xsl:with-param name="t" select="$game/@created"/></xsl:call-template>
          <xsl:value-of select="concat('; ', count($game/history/entry), ' history entries; seed commitment ', $game/seed/@commitment, '.')"/>
        </footer>
      </body>
    </html>
  </xsl:template>

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
          <p class="sealed">(sealed until the combat is revealed)</p>
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
          <p class="adjust">A correction of these cards; the cards are in that player's report.</p>
        </xsl:when>
        <xsl:when test="@kind = 'adjust'">
          <p class="adjust">Correction: <code><xsl:value-of select="normalize-space(text)"/></code></p>
        </xsl:when>
        <xsl:when test="@kind = 'default'">
          <p class="default">No order by the deadline; the default applies (R37).</p>
        </xsl:when>
        <xsl:when test="$sealed">
          <p class="sealed">(sealed until the combat is revealed)</p>
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

  <!-- ============================= standings =========================== -->

  <xsl:template name="standings">
    <section id="standings">
      <h2>
        <xsl:value-of select="concat('Standings after run ', $game/@run)"/>
      </h2>
      <xsl:if test="string($run) != string($game/@run)">
        <p class="note">
          <xsl:value-of select="concat('This is the state now, after run ', $game/@run, '; the history above is of run ', $run, '.')"/>
        </p>
      </xsl:if>
      <table class="standings">
        <thead>
          <tr>
            <th class="l">Country</th><th class="l">Player</th>
            <th>VP</th><th>Gold</th><th>Unrest</th>
            <th>Discs in supply</th><th>Discs in areas</th>
            <th>Cards in hand</th><th>Discards</th>
          </tr>
        </thead>
        <tbody>
          <xsl:for-each select="$st/country[@player = 'yes']">
            <xsl:sort select="@vp" data-type="number" order="descending"/>
            <tr>
              <xsl:if test="@id = $viewer"><xsl:attribute name="class">you</xsl:attribute></xsl:if>
              <td class="l"><xsl:call-template name="who"><xsl:with-param name="id" select="@id"/></xsl:call-template></td>
              <td class="l"><xsl:value-of select="$game/players/player[@country = current()/@id]/@name"/></td>
              <td><b><xsl:value-of select="@vp"/></b></td>
              <td><xsl:value-of select="@gold"/></td>
              <td><xsl:value-of select="@unrest"/></td>
              <td><xsl:value-of select="@supply"/></td>
              <td><xsl:value-of select="@discs-in-areas"/></td>
              <td><xsl:value-of select="@hand-count"/></td>
              <td><xsl:value-of select="@discard-count"/></td>
            </tr>
          </xsl:for-each>
        </tbody>
      </table>
      <xsl:if test="$st/country[@player != 'yes']">
        <p class="npc">
          <xsl:text>Non-player countries (discs in areas / in supply): </xsl:text>
          <xsl:for-each select="$st/country[@player != 'yes']">
            <xsl:call-template name="who"><xsl:with-param name="id" select="@id"/></xsl:call-template>
            <xsl:value-of select="concat(' ', @discs-in-areas, ' / ', @supply)"/>
            <xsl:if test="position() != last()">; </xsl:if>
          </xsl:for-each>
        </p>
      </xsl:if>
    </section>
  </xsl:template>

  <!-- ============================= alliances =========================== -->

  <!-- Top row boxes 1, 3, 5, 7; bottom row 2, 4, 6, 8. -->
  <xsl:template name="alliances">
    <xsl:variable name="n" select="$rs/numbers/@alliance-boxes"/>
    <section id="alliances">
      <h2>Alliance display</h2>
      <div class="alliance-grid" style="grid-template-columns: repeat({ceiling($n div 2)}, minmax(0, 1fr))">
        <xsl:for-each select="$svg-counter[position() &lt;= ceiling($n div 2)]">
          <xsl:call-template name="alliance-box">
            <xsl:with-param name="box" select="2 * position() - 1"/>
          </xsl:call-template>
        </xsl:for-each>
        <xsl:for-each select="$svg-counter[position() &lt;= floor($n div 2)]">
          <xsl:call-template name="alliance-box">
            <xsl:with-param name="box" select="2 * position()"/>
          </xsl:call-template>
        </xsl:for-each>
      </div>
      <xsl:if test="$st/auction">
        <p class="auction">
          <xsl:value-of select="concat('Auction ', $st/auction/@number, ': ')"/>
          <xsl:choose>
            <xsl:when test="$st/auction/@high-bid">
              <xsl:value-of select="concat('high bid ', $st/auction/@high-bid, ' by ')"/>
              <xsl:call-template name="who"><xsl:with-param name="id" select="$st/auction/@high-bidder"/></xsl:call-template>
              <xsl:text>;</xsl:text>
              <!-- R9: the seventh country's bid names A or B alone -->
              <xsl:if test="$st/auction/@a">
                <xsl:text> proposal A </xsl:text>
                <xsl:call-template name="who"><xsl:with-param name="id" select="$st/auction/@a"/></xsl:call-template>
              </xsl:if>
              <xsl:if test="$st/auction/@b">
                <xsl:value-of select="substring(', B ', 1, 4 * boolean($st/auction/@a))"/>
                <xsl:value-of select="substring(' proposal B ', 1, 12 * not($st/auction/@a))"/>
                <xsl:call-template name="who"><xsl:with-param name="id" select="$st/auction/@b"/></xsl:call-template>
              </xsl:if>
              <xsl:text>.</xsl:text>
            </xsl:when>
            <xsl:otherwise>
              <xsl:text>no bid yet; </xsl:text>
              <xsl:call-template name="who"><xsl:with-param name="id" select="$st/auction/@opener"/></xsl:call-template>
              <xsl:text> opens.</xsl:text>
            </xsl:otherwise>
          </xsl:choose>
        </p>
      </xsl:if>
    </section>
  </xsl:template>

  <xsl:template name="alliance-box">
    <xsl:param name="box"/>
    <xsl:variable name="slot" select="$st/alliances/slot[@box = $box]"/>
    <div class="abox">
      <xsl:if test="not($slot)"><xsl:attribute name="class">abox empty</xsl:attribute></xsl:if>
      <span class="anum"><xsl:value-of select="$box"/></span>
      <xsl:choose>
        <xsl:when test="$slot">
          <span class="aname">
            <xsl:call-template name="who"><xsl:with-param name="id" select="$slot/@country"/></xsl:call-template>
            <xsl:if test="not($st/country[@id = $slot/@country]/@player = 'yes')">
              <span class="npc-mark">non-player</span>
            </xsl:if>
          </span>
        </xsl:when>
        <xsl:otherwise><span class="free">empty</span></xsl:otherwise>
      </xsl:choose>
    </div>
  </xsl:template>

  <!-- ========================== board as text ========================== -->

  <xsl:template name="board-table">
    <details>
      <summary>The board as a table</summary>
      <table class="board-table">
        <thead>
          <tr><th class="l">Area</th><th class="l">Discs</th><th class="l">Markers</th></tr>
        </thead>
        <tbody>
          <xsl:for-each select="$st/area">
            <tr>
              <td class="l"><xsl:value-of select="key('svg-area', @id)/@name"/></td>
              <td class="l">
                <xsl:for-each select="discs">
                  <xsl:call-template name="who"><xsl:with-param name="id" select="@country"/></xsl:call-template>
                  <xsl:value-of select="concat(' ', @count)"/>
                  <xsl:if test="position() != last()">; </xsl:if>
                </xsl:for-each>
                <xsl:if test="not(discs)">none</xsl:if>
              </td>
              <td class="l">
                <xsl:for-each select="marker">
                  <xsl:variable name="m" select="key('svg-marker', @id)"/>
                  <xsl:choose>
                    <xsl:when test="$m/@action = 'yes'">action</xsl:when>
                    <xsl:otherwise><xsl:value-of select="$m/@defence"/></xsl:otherwise>
                  </xsl:choose>
                  <xsl:if test="$m/@vp"><xsl:value-of select="concat(' (+', $m/@vp, ' VP)')"/></xsl:if>
                  <xsl:if test="$m/@gold"><xsl:value-of select="concat(' (+', $m/@gold, ' gold)')"/></xsl:if>
                  <xsl:if test="position() != last()">, </xsl:if>
                </xsl:for-each>
                <xsl:if test="not(marker)">none</xsl:if>
              </td>
            </tr>
          </xsl:for-each>
        </tbody>
      </table>
    </details>
  </xsl:template>

  <xsl:template name="boxes-list">
    <p class="note">
      <xsl:choose>
        <xsl:when test="$st/boxes/box">
          <xsl:text>Occupied: </xsl:text>
          <xsl:for-each select="$st/boxes/box">
            <xsl:value-of select="concat(key('box', @kind)/@name, ' ', @instance, ' ')"/>
            <xsl:call-template name="who"><xsl:with-param name="id" select="@country"/></xsl:call-template>
            <xsl:if test="position() != last()">; </xsl:if>
          </xsl:for-each>
          <xsl:text>.</xsl:text>
        </xsl:when>
        <xsl:otherwise>All action boxes are free.</xsl:otherwise>
      </xsl:choose>
      <xsl:if test="not($large-game)">
        <xsl:value-of select="concat(' Boxes marked ', $rs/numbers/@large-game-players, '+ are used only with ', $rs/numbers/@large-game-players, ' or more players.')"/>
      </xsl:if>
    </p>
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
<pre class="orders"><xsl:value-of select="concat('GAME ', $game/@id, '&#10;COUNTRY ', key('country', @country)/@name, '&#10;STEP ', @step, '&#10;# one of:')"/><xsl:for-each select="choice"><xsl:value-of select="concat('&#10;#   ', .)"/></xsl:for-each></pre>
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

  <!-- ============================== private ============================ -->

  <xsl:template name="private">
    <xsl:variable name="me" select="$st/country[@id = $viewer]"/>
    <section id="private" class="private">
      <h2><xsl:value-of select="concat('Your hand (', key('country', $viewer)/@name, ')')"/></h2>
      <p class="private-note">Private: only this report shows it.</p>
      <xsl:call-template name="cards">
        <xsl:with-param name="cards" select="$me/hand/card"/>
        <xsl:with-param name="none" select="'Your hand is empty.'"/>
      </xsl:call-template>
      <h3>Your discard pile</h3>
      <xsl:call-template name="cards">
        <xsl:with-param name="cards" select="$me/discard/card"/>
        <xsl:with-param name="none" select="'Your discard pile is empty.'"/>
      </xsl:call-template>
    </section>
  </xsl:template>

  <xsl:template name="cards">
    <xsl:param name="cards"/>
    <xsl:param name="none"/>
    <xsl:choose>
      <xsl:when test="$cards">
        <div class="cards">
          <xsl:for-each select="$cards">
            <xsl:variable name="c" select="key('country', $viewer)/card[@id = current()/@id]"/>
            <div class="card">
              <xsl:choose>
                <xsl:when test="$c/@kind = 'ally'">
                  <span class="cid">Ally</span>
                  <span class="cnum">ally card</span>
                  <span class="cnum"><xsl:value-of select="concat('cost ', $c/@cost)"/></span>
                </xsl:when>
                <xsl:when test="$c/@kind = 'blank'">
                  <span class="cid">Blank</span>
                  <span class="cnum">blank card</span>
                </xsl:when>
                <xsl:when test="$c">
                  <span class="cid"><xsl:value-of select="@id"/></span>
                  <span class="cnum"><xsl:value-of select="concat('soldiers ', $c/@soldiers)"/></span>
                  <span class="cnum"><xsl:value-of select="concat('ships ', $c/@ships)"/></span>
                  <span class="cnum"><xsl:value-of select="concat('cost ', $c/@cost)"/></span>
                </xsl:when>
                <xsl:otherwise><span class="cid"><xsl:value-of select="@id"/></span></xsl:otherwise>
              </xsl:choose>
            </div>
          </xsl:for-each>
        </div>
      </xsl:when>
      <xsl:otherwise><p><xsl:value-of select="$none"/></p></xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!-- ================================ CSS ============================== -->

  <xsl:template name="css">
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

.alliance-grid { display: grid; gap: 8px; max-width: 980px; }
.abox { border: 2px solid #b9ad93; border-radius: 6px; padding: 8px 10px;
  min-height: 52px; display: flex; align-items: center; gap: 8px; background: #fbfaf6; }
.abox.empty { border-style: dashed; color: var(--muted); background: #fff; }
.anum { font-size: 11px; font-weight: 700; color: #fff; background: #8b7d61;
  border-radius: 50%; width: 20px; height: 20px; display: inline-flex;
  align-items: center; justify-content: center; flex: none; }
.aname { display: flex; flex-direction: column; min-width: 0; }
.npc-mark { font-size: 12px; color: var(--muted); line-height: 1.1; }

svg.board { display: block; width: 100%; height: auto; margin: 4px 0 10px; }
details { margin-top: 6px; }
summary { cursor: pointer; color: var(--muted); font-size: 14px; }
.board-table { margin-top: 6px; }

.private { border: 2px solid #b3261e; }
.private .private-note { color: #b3261e; font-size: 13px; margin: 0 0 8px; }
.cards { display: flex; flex-wrap: wrap; gap: 8px; }
.card { border: 1.5px solid #8b7d61; border-radius: 8px; padding: 8px 10px;
  width: 108px; min-height: 92px; background: #fffdf6; display: flex;
  flex-direction: column; }
.card .cid { font-weight: 700; font-size: 17px; }
.card .cnum { font-size: 12px; color: var(--muted); }
</xsl:text>
    <xsl:for-each select="$rs/countries/country">
      <xsl:variable name="fill">
        <xsl:call-template name="svg-colour"><xsl:with-param name="id" select="@id"/></xsl:call-template>
      </xsl:variable>
      <xsl:variable name="stroke">
        <xsl:call-template name="svg-colour">
          <xsl:with-param name="id" select="@id"/>
          <xsl:with-param name="part" select="'stroke'"/>
        </xsl:call-template>
      </xsl:variable>
      <xsl:value-of select="concat('.c-', @id, ' { background: ', $fill, '; border-color: ', $stroke, '; }', $nl)"/>
    </xsl:for-each>
  </xsl:template>
</xsl:stylesheet>
