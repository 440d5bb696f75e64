<?xml version="1.0" encoding="UTF-8"?>
<!--
  The HTML report of one run of Age of Reason: a single self-contained
  HTML5 page (inline CSS and inline SVG, no scripts, nothing fetched) with
  what happened in the run, the standings, the alliance display, the board
  map and the tracks, the action boxes, what is pending from whom and
  until when, the queued orders, the variants and, in a private report
  only, the viewer's hand and discard pile.  Parameters, as for
  report-text.xsl:
    run     the run to report (default: the game's latest)
    viewer  a country id whose private events and cards may show; empty
            for the public report

  What every game shares (the entries, pending, variants, the base CSS,
  the privacy of sealed entries and private events) is in
  report-core-html.xsl; a sealed entry shows "(sealed until the combat is
  revealed)" here.  The board pictures come from board-svg.xsl.  Both are
  imported below.
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:svg="http://www.w3.org/2000/svg"
    exclude-result-prefixes="svg">
  <xsl:import href="board-svg.xsl"/>
  <xsl:import href="report-core-html.xsl"/>
  <xsl:param name="game-title" select="'Age of Reason'"/>

  <xsl:key name="country" match="/game/ruleset/countries/country" use="@id"/>
  <xsl:key name="box" match="/game/ruleset/boxes/box" use="@id"/>

  <xsl:template match="/">
    <xsl:call-template name="svg-need-layout"/>
    <xsl:variable name="title">
      <xsl:value-of select="concat($game-title, ', game ', $game/@id, ': run ', $run)"/>
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
          <h1><xsl:value-of select="concat($game-title, ', game ', $game/@id)"/></h1>
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
          <xsl:value-of select="concat('; ', count($game/history/entry) + sum($game/history/@omitted), ' history entries; seed commitment ', $game/seed/@commitment, '.')"/>
          <xsl:for-each select="$game/history-digest">
            <br/>
            <xsl:choose>
              <xsl:when test="@sha256">
                <xsl:value-of select="concat('History digest through run ', @run, ': ')"/>
                <code><xsl:value-of select="@sha256"/></code>
                <xsl:text> (adjudicator verify --report checks that this report belongs to the archive). </xsl:text>
              </xsl:when>
              <xsl:otherwise>
                <xsl:value-of select="concat('History digest through run ', @run, ': not computed here (the seed is not at hand). ')"/>
              </xsl:otherwise>
            </xsl:choose>
            <xsl:value-of select="concat('Rollbacks: ', @rollbacks, '.')"/>
          </xsl:for-each>
        </footer>
      </body>
    </html>
  </xsl:template>

  <!-- The hooks of report-core-html.xsl: a sealed pick waits for its
       combat; a sealed adjustment corrects a hand. -->
  <xsl:template name="sealed-note">
    <p class="sealed">(sealed until the combat is revealed)</p>
  </xsl:template>
  <xsl:template name="sealed-adjust">
    <p class="adjust">A correction of these cards; the cards are in that player's report.</p>
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
    <xsl:call-template name="css-base"/>
    <xsl:text>
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
