<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="manor" tilewidth="64" tileheight="64" tilecount="56" columns="8">
 <image source="manor.png" width="512" height="448"/>
 <tile id="0">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="parquet"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="boards"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="carpet"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="marble"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="flagstone"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="conservatory"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="lab"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="gravel"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="parquet"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="boards"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="carpet"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="marble"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="flagstone"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="conservatory"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="lab"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="gravel"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="parquet"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="boards"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="carpet"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="marble"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="flagstone"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="conservatory"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="lab"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="gravel"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="parquet"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="boards"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="carpet"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="marble"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="flagstone"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="conservatory"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="lab"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="gravel"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="parquet"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="boards"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="carpet"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="marble"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="flagstone"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="conservatory"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="lab"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="gravel"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="decor" value="void"/>
   <property name="floor" value="void"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="decor" value="panelling"/>
   <property name="floor" value="wall"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="decor" value="wallpaper"/>
   <property name="floor" value="wall"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="decor" value="fireplace"/>
   <property name="floor" value="wall"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="decor" value="shelves"/>
   <property name="floor" value="wall"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="decor" value="window"/>
   <property name="floor" value="wall"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="decor" value="hedge"/>
   <property name="floor" value="wall"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="decor" value="pipes"/>
   <property name="floor" value="wall"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="parquet"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="boards"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="carpet"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="marble"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="flagstone"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="conservatory"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="lab"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
   <property name="decor" value=""/>
   <property name="floor" value="gravel"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
</tileset>
