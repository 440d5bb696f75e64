<?xml version="1.0" encoding="UTF-8"?>
<!--
  The plain-text report of one run of Age of Reason, for mail: what
  happened (every order and its effects, in order), then the standings,
  the alliance display, the board, what is pending from whom and until
  when, and the variants.  Lines are wrapped at 78 characters.
  Parameters:
    run     the run to report (default: the game's latest)
    viewer  a country id whose private events may show; empty for the
            public report

  What every game shares is in report-core-text.xsl, imported below; this
  sheet adds the keys into the ruleset, the title, <state> and the hooks.
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="report-core-text.xsl"/>
  <xsl:param name="game-title" select="'Age of Reason'"/>

  <xsl:key name="country" match="/game/ruleset/countries/country" use="@id"/>
  <xsl:key name="area" match="/game/ruleset/areas/area" use="@id"/>
  <xsl:key name="box" match="/game/ruleset/boxes/box" use="@id"/>
  <xsl:key name="marker" match="/game/ruleset/markers/marker" use="@id"/>
  <xsl:variable name="summed-events" select="'setup-disc'"/>

  <!-- A sealed adjustment corrects a hand: the others learn whose. -->
  <xsl:template name="sealed-adjust">
    <xsl:call-template name="wrap">
      <xsl:with-param name="text" select="concat('* Moderator correction of ', key('country', @country)/@name, &quot;'&quot;, 's cards (the cards are in that player', &quot;'&quot;, 's report).')"/>
      <xsl:with-param name="indent" select="'    '"/>
    </xsl:call-template>
  </xsl:template>

  <!-- entry-summary: see report-core-text.xsl -->
  <xsl:template name="entry-summary">
    <!--
      Run 0's setup draws (R7), one line each in the HTML report, are
      summed up here: the board below shows where the discs went.
    -->
    <xsl:variable name="draws" select="event[@type = 'setup-disc']"/>
    <xsl:if test="$draws">
      <xsl:call-template name="wrap">
        <xsl:with-param name="text" select="concat('Setup (R7): ', count($draws), ' markers are drawn, ', count($draws[1]/../event[@type = 'setup-disc'][@country = $draws[1]/@country]), ' for each of the ', count($draws[not(@country = preceding-sibling::event[@type = 'setup-disc']/@country)]), ' countries in ruleset order, and each country places a disc in the area of each of its markers (the board below shows them; the HTML report lists every draw).')"/>
        <xsl:with-param name="lead" select="'  '"/>
        <xsl:with-param name="indent" select="'    '"/>
      </xsl:call-template>
    </xsl:if>
  </xsl:template>

  <xsl:template match="state">
    <xsl:call-template name="rule"><xsl:with-param name="title" select="concat('Standings after run ', /game/@run)"/></xsl:call-template>
    <xsl:value-of select="concat('Turn ', @turn, ', ', @phase)"/>
    <xsl:if test="auction"><xsl:value-of select="concat(' (auction ', auction/@number, ')')"/></xsl:if>
    <xsl:if test="segment"><xsl:value-of select="concat(' (segment ', segment/@number, ' of ', segment/@of, ')')"/></xsl:if>
    <xsl:value-of select="$nl"/>
    <xsl:value-of select="concat('Country          VP  Gold Unrest Supply Areas Hand Discard', $nl)"/>
    <xsl:for-each select="country[@player = 'yes']">
      <xsl:sort select="@vp" data-type="number" order="descending"/>
      <xsl:variable name="n" select="key('country', @id)/@name"/>
      <xsl:value-of select="concat(substring(concat($n, '                 '), 1, 16), substring('     ', 1, 4 - string-length(@vp)), @vp, substring('      ', 1, 6 - string-length(@gold)), @gold, substring('       ', 1, 7 - string-length(@unrest)), @unrest, substring('       ', 1, 7 - string-length(@supply)), @supply, substring('      ', 1, 6 - string-length(@discs-in-areas)), @discs-in-areas, substring('     ', 1, 5 - string-length(@hand-count)), @hand-count, substring('        ', 1, 8 - string-length(@discard-count)), @discard-count, $nl)"/>
    </xsl:for-each>
    <xsl:if test="$viewer != ''">
      <xsl:for-each select="country[@id = $viewer]">
        <xsl:call-template name="wrap">
          <xsl:with-param name="text" select="concat('Your hand: ', normalize-space(concat(hand/card[1]/@id, ' ', hand/card[2]/@id, ' ', hand/card[3]/@id, ' ', hand/card[4]/@id, ' ', hand/card[5]/@id, ' ', hand/card[6]/@id, ' ', hand/card[7]/@id, ' ', hand/card[8]/@id, ' ', hand/card[9]/@id, ' ', hand/card[10]/@id, ' ', hand/card[11]/@id)), '. Your discard pile: ', normalize-space(concat(discard/card[1]/@id, ' ', discard/card[2]/@id, ' ', discard/card[3]/@id, ' ', discard/card[4]/@id, ' ', discard/card[5]/@id, ' ', discard/card[6]/@id, ' ', discard/card[7]/@id, ' ', discard/card[8]/@id, ' ', discard/card[9]/@id)), substring('empty', 1, 5 * not(discard/card)), '.')"/>
        </xsl:call-template>
      </xsl:for-each>
    </xsl:if>
    <xsl:for-each select="winner">
      <xsl:value-of select="concat('Winner: ', key('country', @country)/@name, $nl)"/>
    </xsl:for-each>
    <xsl:call-template name="rule"><xsl:with-param name="title" select="'Alliance display'"/></xsl:call-template>
    <xsl:for-each select="alliances/slot">
      <xsl:value-of select="concat('  box ', @box, ' (', substring('topbottom', 1 + 3 * ((@box + 1) mod 2), 3 + 3 * ((@box + 1) mod 2)), '): ', key('country', @country)/@name)"/>
      <xsl:if test="not(../../country[@id = current()/@country]/@player = 'yes')"> (non-player)</xsl:if>
      <xsl:value-of select="$nl"/>
    </xsl:for-each>
    <xsl:if test="not(alliances/slot)"><xsl:value-of select="concat('  empty', $nl)"/></xsl:if>
    <xsl:if test="auction/@high-bid">
      <xsl:call-template name="wrap">
        <xsl:with-param name="text" select="concat('  Auction ', auction/@number, ': high bid ', auction/@high-bid, ' by ', key('country', auction/@high-bidder)/@name, ';', substring(concat(' proposal A ', key('country', auction/@a)/@name), 1, 1000 * boolean(auction/@a)), substring(concat(', B ', key('country', auction/@b)/@name), 1, 1000 * boolean(auction/@a and auction/@b)), substring(concat(' proposal B ', key('country', auction/@b)/@name), 1, 1000 * boolean(not(auction/@a) and auction/@b)), '.')"/>
        <xsl:with-param name="indent" select="'    '"/>
      </xsl:call-template>
    </xsl:if>
    <xsl:call-template name="rule"><xsl:with-param name="title" select="'Board'"/></xsl:call-template>
    <xsl:for-each select="area">
      <xsl:variable name="discs">
        <xsl:for-each select="discs">
          <xsl:value-of select="concat(key('country', @country)/@name, ' ', @count, '; ')"/>
        </xsl:for-each>
      </xsl:variable>
      <xsl:variable name="markers">
        <xsl:for-each select="marker">
          <xsl:variable name="m" select="key('marker', @id)"/>
          <xsl:value-of select="concat(@id, '(')"/>
          <xsl:choose>
            <xsl:when test="$m/@action = 'yes'">action</xsl:when>
            <xsl:otherwise><xsl:value-of select="$m/@defence"/></xsl:otherwise>
          </xsl:choose>
          <xsl:value-of select="') '"/>
        </xsl:for-each>
      </xsl:variable>
      <xsl:call-template name="wrap">
        <xsl:with-param name="text" select="concat(key('area', @id)/@name, ': ', $discs, substring('no discs; ', 1, 10 * not(discs)), 'markers: ', $markers, substring('none', 1, 4 * not(marker)))"/>
        <xsl:with-param name="indent" select="'    '"/>
      </xsl:call-template>
    </xsl:for-each>
    <xsl:if test="boxes/box">
      <xsl:call-template name="rule"><xsl:with-param name="title" select="'Action boxes'"/></xsl:call-template>
      <xsl:for-each select="boxes/box">
        <xsl:value-of select="concat('  ', key('box', @kind)/@name, ' ', @instance, ': ', key('country', @country)/@name, $nl)"/>
      </xsl:for-each>
    </xsl:if>
  </xsl:template>
</xsl:stylesheet>
