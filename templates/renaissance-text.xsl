<?xml version="1.0" encoding="UTF-8"?>
<!--
  The plain-text report of one run of Age of Renaissance (issue 20.5):
  what happened, then the order of play and each player's cash, misery,
  tokens, dominance markers, card count, ships and advances, the
  viewer's own hand (RR39: the others see counts only), the commodities
  with their markets, shortages and surpluses, and the board by area.
  What every game shares is in report-core-text.xsl, imported below.
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="report-core-text.xsl"/>
  <xsl:param name="game-title" select="'Age of Renaissance'"/>

  <!--
    A player is named by his capital once the bid gave him one (as the
    module's events do), by the player's name before.
  -->
  <xsl:key name="country" match="/game/ruleset/provinces/province[@id = /game/state/player/@capital]" use="/game/state/player[@capital = current()/@id]/@id"/>
  <xsl:key name="country" match="/game/players/player[not(@country = /game/state/player[@capital]/@id)]" use="@country"/>
  <xsl:key name="province" match="/game/ruleset/provinces/province | /game/ruleset/variants/variant/add-province" use="@id"/>
  <!-- the game's map: the data file's, changed by its map variant (RR42) -->
  <xsl:variable name="mapvar" select="/game/ruleset/variants/variant[@id = /game/variants/variant/@name]"/>
  <xsl:variable name="provinces" select="/game/ruleset/provinces/province[not(@id = $mapvar/remove-province/@ref)] | $mapvar/add-province"/>
  <xsl:key name="card" match="/game/ruleset/cards/card" use="@id"/>
  <xsl:key name="advance" match="/game/ruleset/advances/advance" use="@letter"/>
  <xsl:key name="commodity" match="/game/ruleset/commodities/commodity" use="@id"/>

  <!-- The order parser reads seats (p1 ... p6), not capitals. -->
  <xsl:template name="form-country">
    <xsl:value-of select="@country"/>
  </xsl:template>

  <!-- "  12" in width w -->
  <xsl:template name="pad">
    <xsl:param name="v"/>
    <xsl:param name="w"/>
    <xsl:value-of select="concat(substring('            ', 1, $w - string-length($v)), $v)"/>
  </xsl:template>

  <!--
    The holders of a commodity's provinces after its row ("Venice 1;
    Hamburg 2"), as many as fit in 78 columns; five or six players' do
    not fit on one line, and the rest go on lines indented under the
    column.  A holder is not split from his count.  rest: "NAME K; "
    for each holder still to write; col: the characters on the line.
  -->
  <xsl:variable name="held-indent" select="'                                     '"/>
  <xsl:template name="held-lines">
    <xsl:param name="rest"/>
    <xsl:param name="col"/>
    <xsl:variable name="after" select="substring-after($rest, '; ')"/>
    <xsl:variable name="piece" select="concat(substring-before($rest, '; '), substring(';', 1, $after != ''))"/>
    <xsl:variable name="fits" select="$col + 1 + string-length($piece) &lt;= 78"/>
    <xsl:choose>
      <xsl:when test="$fits"><xsl:value-of select="concat(' ', $piece)"/></xsl:when>
      <xsl:otherwise><xsl:value-of select="concat($nl, $held-indent, $piece)"/></xsl:otherwise>
    </xsl:choose>
    <xsl:choose>
      <xsl:when test="$after != ''">
        <xsl:call-template name="held-lines">
          <xsl:with-param name="rest" select="$after"/>
          <xsl:with-param name="col" select="$fits * ($col + 1) + not($fits) * string-length($held-indent) + string-length($piece)"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="$nl"/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <xsl:template match="state">
    <xsl:variable name="st" select="."/>
    <xsl:call-template name="rule"><xsl:with-param name="title" select="concat('Standings after run ', /game/@run)"/></xsl:call-template>
    <xsl:call-template name="wrap">
      <xsl:with-param name="text" select="concat('Turn ', @turn, ', phase ', @phase, '; epoch ', @epoch, ' of ', @epochs, '; ', @draw-pile, ' cards in the draw pile.')"/>
    </xsl:call-template>
    <xsl:variable name="order">
      <xsl:for-each select="player">
        <xsl:value-of select="concat(position(), '. ', key('country', @id)/@name, ' (box ', @box, ')', substring(', ', 1, 2 * (position() != last())))"/>
      </xsl:for-each>
    </xsl:variable>
    <xsl:call-template name="wrap">
      <xsl:with-param name="text" select="concat('Order of play (RR6): ', $order, '.')"/>
      <xsl:with-param name="indent" select="'  '"/>
    </xsl:call-template>
    <xsl:value-of select="concat($nl, 'Player       Cash Misery Stock Exp Map Markers Cards Ships         Score', $nl)"/>
    <xsl:for-each select="player">
      <xsl:variable name="n" select="key('country', @id)/@name"/>
      <xsl:value-of select="substring(concat($n, '            '), 1, 12)"/>
      <xsl:call-template name="pad"><xsl:with-param name="v" select="@cash"/><xsl:with-param name="w" select="5"/></xsl:call-template>
      <xsl:call-template name="pad"><xsl:with-param name="v" select="@misery"/><xsl:with-param name="w" select="7"/></xsl:call-template>
      <xsl:call-template name="pad"><xsl:with-param name="v" select="@stock"/><xsl:with-param name="w" select="6"/></xsl:call-template>
      <xsl:call-template name="pad"><xsl:with-param name="v" select="@expansion"/><xsl:with-param name="w" select="4"/></xsl:call-template>
      <xsl:call-template name="pad"><xsl:with-param name="v" select="sum($st/province/tokens[@player = current()/@id]/@count)"/><xsl:with-param name="w" select="4"/></xsl:call-template>
      <xsl:call-template name="pad"><xsl:with-param name="v" select="@markers"/><xsl:with-param name="w" select="8"/></xsl:call-template>
      <xsl:call-template name="pad"><xsl:with-param name="v" select="@cards"/><xsl:with-param name="w" select="6"/></xsl:call-template>
      <xsl:value-of select="concat(' ', substring(concat(@ships, substring(' ', 1, boolean(@ships)), @ship-level, substring('none', 1, 4 * not(@ships)), '              '), 1, 13))"/>
      <xsl:call-template name="pad"><xsl:with-param name="v" select="@score"/><xsl:with-param name="w" select="6"/></xsl:call-template>
      <xsl:if test="@out = 'yes'"> (out)</xsl:if>
      <xsl:value-of select="$nl"/>
    </xsl:for-each>
    <xsl:value-of select="concat('(Stock: tokens in stock; Exp: in the expansion area; Map: on the board.)', $nl)"/>
    <xsl:for-each select="player[@ships]">
      <xsl:variable name="reach" select="concat(' ', @ship-reach, ' ')"/>
      <xsl:variable name="names">
        <xsl:for-each select="$provinces[contains($reach, concat(' ', @id, ' '))]">
          <xsl:value-of select="concat(@name, substring(', ', 1, 2 * (position() != last())))"/>
        </xsl:for-each>
      </xsl:variable>
      <xsl:call-template name="wrap">
        <xsl:with-param name="text" select="concat('Ships of ', key('country', @id)/@name, ': ', @ships, ' ', @ship-level, ', ', /game/ruleset/shipping/row[@id = current()/@ships], '. They reach, where land and caravans do not (RR26): ', $names, substring('nothing more', 1, 12 * not(@ship-reach)), '.')"/>
        <xsl:with-param name="indent" select="'    '"/>
      </xsl:call-template>
    </xsl:for-each>
    <xsl:for-each select="player[advance]">
      <xsl:variable name="adv">
        <xsl:for-each select="advance">
          <xsl:value-of select="concat(key('advance', @letter)/@name, ' (', @letter, ')', substring(', ', 1, 2 * (position() != last())))"/>
        </xsl:for-each>
      </xsl:variable>
      <xsl:call-template name="wrap">
        <xsl:with-param name="text" select="concat('Advances of ', key('country', @id)/@name, ': ', $adv, '.')"/>
        <xsl:with-param name="indent" select="'    '"/>
      </xsl:call-template>
    </xsl:for-each>
    <xsl:if test="not(player/advance)">
      <xsl:value-of select="concat('No advances bought yet.', $nl)"/>
    </xsl:if>
    <xsl:if test="$viewer != ''">
      <xsl:for-each select="player[@id = $viewer]">
        <xsl:variable name="hand">
          <xsl:for-each select="hand/card">
            <xsl:value-of select="concat(key('card', @id)/@name, ' [', @id, ']', substring(', ', 1, 2 * (position() != last())))"/>
          </xsl:for-each>
        </xsl:variable>
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('Your hand (', count(hand/card), ' cards): ', $hand, substring('empty', 1, 5 * not(hand/card)), '.')"/>
          <xsl:with-param name="indent" select="'    '"/>
        </xsl:call-template>
      </xsl:for-each>
    </xsl:if>

    <xsl:call-template name="rule"><xsl:with-param name="title" select="'Commodities'"/></xsl:call-template>
    <xsl:value-of select="concat('Commodity  Value Shortage Surplus  Dominated provinces', $nl)"/>
    <xsl:for-each select="/game/ruleset/commodities/commodity">
      <xsl:variable name="m" select="$st/market[@commodity = current()/@id]"/>
      <xsl:variable name="provs" select="$provinces[commodity/@ref = current()/@id]"/>
      <xsl:variable name="held">
        <xsl:for-each select="$st/player">
          <xsl:variable name="k" select="count($st/province[@marker = current()/@id][@id = $provs/@id])"/>
          <xsl:if test="$k &gt; 0">
            <xsl:value-of select="concat(key('country', @id)/@name, ' ', $k, '; ')"/>
          </xsl:if>
        </xsl:for-each>
      </xsl:variable>
      <xsl:value-of select="substring(concat(@name, '           '), 1, 10)"/>
      <xsl:call-template name="pad"><xsl:with-param name="v" select="@value"/><xsl:with-param name="w" select="6"/></xsl:call-template>
      <xsl:call-template name="pad"><xsl:with-param name="v" select="concat(substring('yes', 1, 3 * ($m/@shortage &gt; 0)), substring('-', 1, not($m/@shortage &gt; 0)))"/><xsl:with-param name="w" select="9"/></xsl:call-template>
      <xsl:call-template name="pad"><xsl:with-param name="v" select="concat(substring('yes', 1, 3 * ($m/@surplus &gt; 0)), substring('-', 1, not($m/@surplus &gt; 0)))"/><xsl:with-param name="w" select="8"/></xsl:call-template>
      <xsl:value-of select="concat('  ', count($provs), ' in all', substring(':', 1, $held != ''))"/>
      <xsl:choose>
        <xsl:when test="$held != ''">
          <xsl:call-template name="held-lines">
            <xsl:with-param name="rest" select="$held"/>
            <xsl:with-param name="col" select="43 + string-length(count($provs))"/>
          </xsl:call-template>
        </xsl:when>
        <xsl:otherwise><xsl:value-of select="$nl"/></xsl:otherwise>
      </xsl:choose>
    </xsl:for-each>
    <xsl:variable name="paid" select="/game/history/entry[@run = $run]/event[@type = 'commodity']"/>
    <xsl:if test="$paid">
      <xsl:value-of select="concat('Commodity payments in this run:', $nl)"/>
      <xsl:for-each select="$paid">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="."/>
          <xsl:with-param name="lead" select="'  '"/>
          <xsl:with-param name="indent" select="'    '"/>
        </xsl:call-template>
      </xsl:for-each>
    </xsl:if>

    <xsl:call-template name="rule"><xsl:with-param name="title" select="'Board'"/></xsl:call-template>
    <xsl:value-of select="concat('Provinces with a dominance marker (*) or tokens, by area; the market', $nl, 'number in brackets.', $nl)"/>
    <xsl:for-each select="/game/ruleset/areas/area">
      <xsl:variable name="area" select="@id"/>
      <xsl:variable name="here">
        <xsl:for-each select="$st/province[key('province', @id)/@area = $area]">
          <xsl:variable name="p" select="key('province', @id)"/>
          <xsl:value-of select="concat($p/@name, ' (', $p/@market, ')')"/>
          <xsl:if test="@marker">
            <xsl:value-of select="concat(' *', key('country', @marker)/@name)"/>
            <xsl:if test="$p/@id = $st/player[@id = current()/@marker]/@capital"> (capital)</xsl:if>
          </xsl:if>
          <xsl:for-each select="tokens">
            <xsl:value-of select="concat(' ', key('country', @player)/@name, ' ', @count)"/>
          </xsl:for-each>
          <xsl:value-of select="'; '"/>
        </xsl:for-each>
      </xsl:variable>
      <xsl:if test="$here != ''">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('Area ', $area, ': ', substring($here, 1, string-length($here) - 2), '.')"/>
          <xsl:with-param name="indent" select="'    '"/>
        </xsl:call-template>
      </xsl:if>
    </xsl:for-each>
    <xsl:if test="not(province)">
      <xsl:value-of select="concat('  Nothing on the board yet.', $nl)"/>
    </xsl:if>
  </xsl:template>
</xsl:stylesheet>
